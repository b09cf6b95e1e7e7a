import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { accessToken, linkFromOutbox, officerToken } from './support';

/**
 * State a test builds for itself through the API, so it depends on no other test and any two can
 * run side by side: members of its own (unique names, e-mails and membership IDs), their payroll.
 */

/** The password every seeded member chooses at activation. */
export const SEEDED_PASSWORD = 'Harvest-Yam!2031';

const ADMIN = 'president';

export interface SeededMember {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  membershipId: string;
  /** The member's own access token. */
  token: string;
}

/** Five letters no other test shares: they keep names, e-mails and IDs apart. */
export function uniqueTag(): string {
  return Array.from(randomBytes(5), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The current month in Lagos, 'yyyy-MM': the payroll month a test posts. */
export function lagosMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
}

/** The Lagos month `months` before the current one, 'yyyy-MM'. */
export function lagosMonthBefore(months: number): string {
  const [year, month] = lagosMonth().split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1 - months, 1)).toISOString().slice(0, 7);
}

/** A CSV upload as the back office's API takes it. */
export const csvUpload = (fileName: string, text: string) => ({
  fileName,
  content: Buffer.from(text, 'utf8').toString('base64'),
});

/**
 * A new member created by the administrator, as the back office does it, not yet activated: the
 * activation link is in their e-mail. Its last name is the tag, so a search finds it alone.
 */
export async function seedInvitedMember(
  request: APIRequestContext,
  firstName: string,
  { tag = uniqueTag(), joinedOn }: { tag?: string; joinedOn?: string } = {},
): Promise<Omit<SeededMember, 'token'>> {
  const lastName = `${tag[0]}${tag.slice(1).toLowerCase()}`;
  const email = `${firstName.toLowerCase()}.${tag.toLowerCase()}@e2e.coop`;
  const membershipId = `E${tag}${firstName.slice(0, 2).toUpperCase()}`;
  const admin = await officerToken(request, ADMIN);
  const created = await request.post('/api/v1/admin/users', {
    headers: bearer(admin),
    data: { firstName, lastName, email, phoneNumber: null, membershipId, joinedOn },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string } };
  return {
    id: data.id,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email,
    membershipId,
  };
}

/**
 * A new member, created by the administrator and activated from the e-mailed link, as the
 * back office and a new member would. Its last name is the tag, so a search finds it alone. The
 * member's token is the one activation signs in with (no second sign-in: each costs the server
 * an argon2 hash).
 */
export async function seedMember(
  request: APIRequestContext,
  firstName: string,
  options: { tag?: string; joinedOn?: string } = {},
): Promise<SeededMember> {
  const member = await seedInvitedMember(request, firstName, options);
  const link = await linkFromOutbox(request, member.email, '/auth/activate');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const activated = await request.post('/api/v1/auth/activate-account', {
    data: { token, password: SEEDED_PASSWORD, confirmPassword: SEEDED_PASSWORD },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  const { data } = (await activated.json()) as { data: { accessToken: string } };
  return { ...member, token: data.accessToken };
}

/**
 * A new member made an officer with `role` as the back office does it: a president proposes the
 * roles, a secretary (another officer) approves. Not enrolled in two-factor.
 */
export async function seedOfficer(
  request: APIRequestContext,
  firstName: string,
  role: string,
): Promise<SeededMember> {
  const member = await seedMember(request, firstName);
  const proposed = await request.put(`/api/v1/admin/users/${member.id}/roles`, {
    headers: { ...bearer(await officerToken(request, ADMIN)), 'idempotency-key': randomUUID() },
    data: { roles: [role] },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const secretary = bearer(await officerToken(request, 'secretary'));
  const pending = await request.get('/api/v1/admin/proposals', {
    headers: secretary,
    params: { status: 'pending' },
  });
  expect(pending.ok(), await pending.text()).toBe(true);
  const { data } = (await pending.json()) as {
    data: Array<{ id: string; kind: string; target: { id: string } | null }>;
  };
  const proposal = data.find((row) => row.kind === 'officer.roles' && row.target?.id === member.id);
  expect(proposal, `the proposal of ${member.name}'s roles`).toBeTruthy();
  const approved = await request.post(`/api/v1/admin/proposals/officers/${proposal!.id}/approve`, {
    headers: { ...secretary, 'idempotency-key': randomUUID() },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return member;
}

/** Posts one payroll month for `rows` (naira) as the administrator; answers how many posted. */
export async function seedPayroll(
  request: APIRequestContext,
  rows: Array<{ member: SeededMember; savings: number; shares: number }>,
  month = lagosMonth(),
): Promise<number> {
  const text = [
    'membershipId,month,savings,shares',
    ...rows.map((row) => `${row.member.membershipId},${month},${row.savings},${row.shares}`),
  ].join('\n');
  const headers = bearer(await officerToken(request, ADMIN));
  const posted = await request.post('/api/v1/admin/payroll', {
    headers,
    data: csvUpload('payroll.csv', `${text}\n`),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  // Posting runs as a job (docs/decisions/101-officer-jobs.md): its status says when it is done.
  const location = posted.headers()['location'] ?? '';
  let job: { state: string; result: { posted: number } | null; error: unknown } | undefined;
  await expect
    .poll(
      async () => {
        const status = await request.get(location, { headers });
        job = ((await status.json()) as { data: NonNullable<typeof job> }).data;
        return job.state;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(succeeded|failed)$/);
  expect(job?.state, JSON.stringify(job?.error)).toBe('succeeded');
  return job?.result?.posted ?? 0;
}

/**
 * A member of the test's own with a posted payroll month, still pending, for each of the last
 * `months` months (each posting also notifies the member).
 */
export async function seedContributor(
  request: APIRequestContext,
  firstName: string,
  { months }: { months: number },
): Promise<SeededMember> {
  const member = await seedMember(request, firstName, {
    joinedOn: `${lagosMonthBefore(months - 1)}-01`,
  });
  for (let before = months - 1; before >= 0; before--) {
    const rows = [{ member, savings: 20_000, shares: 5_000 }];
    expect(await seedPayroll(request, rows, lagosMonthBefore(before))).toBe(1);
  }
  return member;
}

/** The member's contributions, newest first. */
export async function contributionsOf(
  request: APIRequestContext,
  member: SeededMember,
): Promise<Array<{ id: string; status: string }>> {
  const response = await request.get('/api/v1/users/contributions', {
    headers: bearer(member.token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Array<{ id: string; status: string }> }).data;
}

/**
 * `borrower` (a demo member's identifier, or a member of the test's own) asks for a ₦50,000 loan
 * for `purpose` with the guarantors found by the names given, as the loan wizard sends it.
 */
export async function seedLoanRequest(
  request: APIRequestContext,
  borrower: string | SeededMember,
  guarantors: string[],
  purpose: string,
): Promise<void> {
  const headers = bearer(
    typeof borrower === 'string' ? await accessToken(request, borrower) : borrower.token,
  );
  const guarantorUserIds: string[] = [];
  for (const name of guarantors) {
    const found = await request.get('/api/v1/users/guarantor-candidates', {
      headers,
      params: { search: name },
    });
    expect(found.ok(), await found.text()).toBe(true);
    const [candidate] = ((await found.json()) as { data: Array<{ id: string }> }).data;
    expect(candidate, `a guarantor named ${name}`).toBeTruthy();
    guarantorUserIds.push(candidate!.id);
  }
  const requested = await request.post('/api/v1/users/loans/request', {
    headers,
    data: { requestedAmount: 50_000, purpose, guarantorUserIds },
  });
  expect(requested.status(), await requested.text()).toBe(201);
}

/**
 * `guarantor` (a demo member's identifier, or a member of the test's own) accepts the pending
 * request to guarantee the loan for `purpose`.
 */
export async function seedGuarantorAccepts(
  request: APIRequestContext,
  guarantor: string | SeededMember,
  purpose: string,
): Promise<void> {
  const headers = bearer(
    typeof guarantor === 'string' ? await accessToken(request, guarantor) : guarantor.token,
  );
  const pending = await request.get('/api/v1/users/guarantees', { headers });
  expect(pending.ok(), await pending.text()).toBe(true);
  const { data } = (await pending.json()) as {
    data: Array<{ id: string; acceptanceToken: string; loanId: { purpose: string } }>;
  };
  const ask = data.find((entry) => entry.loanId.purpose === purpose);
  const who = typeof guarantor === 'string' ? guarantor : guarantor.name;
  expect(ask, `${who} is asked to guarantee "${purpose}"`).toBeTruthy();
  const accepted = await request.post(`/api/v1/users/guarantees/${ask!.id}/accept`, {
    headers,
    data: { token: ask!.acceptanceToken },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** The demo's loan reviewers who certify the test's own loans (neither borrower nor guarantor). */
const REVIEWERS = ['ada@demo.coop', 'bayo@demo.coop'];

/**
 * A member of the test's own who may borrow: joined a year ago (the policy asks six months) with
 * a confirmed month of `savings` naira (the policy lends twice the confirmed savings).
 */
export async function seedBorrower(
  request: APIRequestContext,
  firstName: string,
  { savings, tag = uniqueTag() }: { savings: number; tag?: string },
): Promise<SeededMember> {
  const [year, month] = lagosMonth().split('-');
  const borrower = await seedMember(request, firstName, {
    tag,
    joinedOn: `${Number(year) - 1}-${month}-01`,
  });
  expect(await seedPayroll(request, [{ member: borrower, savings, shares: 1_000 }])).toBe(1);
  const [row] = await contributionsOf(request, borrower);
  const confirmed = await request.post('/api/v1/users/contributions/confirm', {
    headers: bearer(borrower.token),
    data: { contributionIds: [row!.id] },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return borrower;
}

/**
 * A loan of `amount` naira under review, every party the test's own: a borrower named
 * `firstName` who joined a year ago and confirmed savings of `amount` (the policy lends twice the
 * confirmed savings), two guarantors with the savings to cover their halves, who accept. The
 * guarantors are Oluchi and Segun, names no test searches the demo's members for, so a search
 * for a demo guarantor never finds them. Each step goes through the API as the members would.
 */
export async function seedLoanUnderReview(
  request: APIRequestContext,
  firstName: string,
  { amount, purpose }: { amount: number; purpose: string },
): Promise<{ borrower: SeededMember; loanId: string }> {
  const tag = uniqueTag();
  const [year, month] = lagosMonth().split('-');
  const joinedOn = `${Number(year) - 1}-${month}-01`;
  const borrower = await seedMember(request, firstName, { tag, joinedOn });
  const guarantors = [
    await seedMember(request, 'Oluchi', { tag, joinedOn }),
    await seedMember(request, 'Segun', { tag, joinedOn }),
  ];
  const posted = await seedPayroll(request, [
    { member: borrower, savings: amount, shares: 1_000 },
    ...guarantors.map((member) => ({ member, savings: amount, shares: 1_000 })),
  ]);
  expect(posted).toBe(3);
  // Only confirmed contributions count toward a loan: the borrower confirms the month.
  const [row] = await contributionsOf(request, borrower);
  const confirmed = await request.post('/api/v1/users/contributions/confirm', {
    headers: bearer(borrower.token),
    data: { contributionIds: [row!.id] },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  const requested = await request.post('/api/v1/users/loans/request', {
    headers: bearer(borrower.token),
    data: {
      requestedAmount: amount,
      purpose,
      guarantorUserIds: guarantors.map((guarantor) => guarantor.id),
    },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const loan = ((await requested.json()) as { data: { id: string } }).data;
  for (const guarantor of guarantors) await seedGuarantorAccepts(request, guarantor, purpose);
  return { borrower, loanId: loan.id };
}

/**
 * A loan of `amount` naira approved and waiting for disbursement: a loan under review of the
 * test's own (`seedLoanUnderReview`) that two of the demo's reviewers approve. Answers the
 * borrower.
 */
export async function seedApprovedLoan(
  request: APIRequestContext,
  firstName: string,
  { amount, purpose }: { amount: number; purpose: string },
): Promise<SeededMember> {
  const { borrower, loanId } = await seedLoanUnderReview(request, firstName, { amount, purpose });
  const loan = { id: loanId };
  for (const reviewer of REVIEWERS) {
    const certified = await request.post(`/api/v1/users/loans/${loan.id}/certify`, {
      headers: { ...bearer(await accessToken(request, reviewer)), 'idempotency-key': randomUUID() },
      data: { decision: 'approve' },
    });
    expect(certified.ok(), await certified.text()).toBe(true);
  }
  const loans = await request.get('/api/v1/users/loans', { headers: bearer(borrower.token) });
  expect(loans.ok(), await loans.text()).toBe(true);
  const { data } = (await loans.json()) as { data: Array<{ id: string; status: string }> };
  expect(data.find((entry) => entry.id === loan.id)?.status, `${borrower.name}'s loan`).toBe(
    'approved',
  );
  return borrower;
}

/**
 * A financial year of the test's own, with two shareholders of its own: a year is declared once,
 * so a test that declares one needs a year no one declared and no member held shares in (the
 * demo's contributions cover the last two years; the API takes years from 2000). Drawn at random
 * among those, so two tests started together rarely draw the same; its two members join that
 * year and a payroll month of June that year is posted for them (the ledger dates it in June).
 */
export async function seedDividendYear(
  request: APIRequestContext,
): Promise<{ year: number; members: SeededMember[] }> {
  const admin = bearer(await officerToken(request, ADMIN));
  const lastYear = Number(lagosMonth().slice(0, 4)) - 1;
  const free: number[] = [];
  for (let year = lastYear; year >= 2000; year--) {
    const preview = await request.post('/api/v1/admin/dividends/preview', {
      headers: admin,
      data: { dividendYear: year, rateBps: 1_000 },
    });
    // 409 or 422: already declared.
    if (!preview.ok()) continue;
    const { data } = (await preview.json()) as { data: { totals: { members: number } } };
    if (data.totals.members === 0) free.push(year);
  }
  expect(free.length, 'a year no one declared and no member held shares in').toBeGreaterThan(0);
  const year = free[randomInt(free.length)]!;
  const tag = uniqueTag();
  const joinedOn = `${year}-01-15`;
  const members = [
    await seedMember(request, 'Kemi', { tag, joinedOn }),
    await seedMember(request, 'Obi', { tag, joinedOn }),
  ];
  const posted = await seedPayroll(
    request,
    members.map((member, i) => ({ member, savings: 5_000, shares: 10_000 * (i + 1) })),
    `${year}-06`,
  );
  expect(posted).toBe(2);
  return { year, members };
}
