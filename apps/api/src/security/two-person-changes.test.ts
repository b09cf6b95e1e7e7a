import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import type { OfficerRole } from '@coop/shared/officers';
import type { Proposal } from '@coop/shared/proposals';
import {
  auditLog,
  emailOutbox,
  loanDisbursementRequests,
  loans,
  notifications,
  policy,
  proposals,
  users,
} from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { loanMember, loanThrough } from '../test/loan-members.js';
import { currentPolicy, storePolicy } from '../modules/policy/policy.service.js';
import { approveProposal } from '../modules/approvals/approvals.service.js';
import { approveDisbursement } from '../modules/loans/loan-back-office.service.js';
import type { MemberActor } from '../lib/actor.js';

/**
 * Two-person changes (docs/administrators.md "Approvals"), reproducing what the penetration test
 * found: one officer taking over another (e-mail, two-factor, suspension, then approving their own
 * disbursement as the "checker"), and the maker switching maker-checker off through the policy.
 * Each step is refused or becomes a proposal, with nothing else written.
 */

const NOW = '2025-06-15T09:00:00Z';

let keyCount = 0;
const newKey = () => `two-person-${++keyCount}`;

interface Officer {
  id: string;
  email: string;
  headers: { authorization: string };
}

describe('two-person changes (PostgreSQL when TEST_DATABASE_URL is set)', () => {
  let t: TestApp;
  let count_ = 0;

  async function officer(firstName: string, roles: OfficerRole[]): Promise<Officer> {
    count_ += 1;
    const email = `${firstName.toLowerCase()}.${count_}@officers.test`;
    const user = await createActiveMember(t, {
      email,
      firstName,
      lastName: 'Officer',
      roles,
      joinedOn: '2020-01-01',
    });
    return { id: user.id, email, headers: bearer((await signIn(t, email)).accessToken) };
  }

  function call(
    who: Officer,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...who.headers, ...(method === 'GET' ? {} : { 'idempotency-key': newKey() }) },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function pending(who: Officer): Promise<Proposal[]> {
    const res = await call(who, 'GET', '/admin/proposals');
    expect(res.statusCode).toBe(200);
    return res.json().data as Proposal[];
  }

  async function rowsOf() {
    const [audit] = await t.db.select({ n: count() }).from(auditLog);
    const [proposed] = await t.db.select({ n: count() }).from(proposals);
    const [requests] = await t.db.select({ n: count() }).from(loanDisbursementRequests);
    const [policyRow] = await t.db.select().from(policy);
    return { audit: audit?.n, proposed: proposed?.n, requests: requests?.n, policy: policyRow };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await storePolicy(t.db, {
      settings: { ...DEFAULT_POLICY, disbursement: { secondApprovalAboveKobo: 30_000_000 } },
      updatedBy: null,
      now: new Date(NOW),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one officer cannot take over another: the whole chain ends with the disbursement still waiting', async () => {
    const a = await officer('Amaka', ['president']);
    const b = await officer('Bola', ['president']);
    const aMailbox = 'amaka.private@mailbox.test';
    const [bBefore] = await t.db.select().from(users).where(eq(users.id, b.id));

    // 1. A changes B's e-mail to A's own mailbox: a proposal, told to B's real address.
    const email = await call(a, 'PUT', `/admin/users/${b.id}`, { email: aMailbox });
    expect(email.statusCode).toBe(202);
    expect(email.json().data.email).toBe(b.email);
    const [bAfter] = await t.db.select().from(users).where(eq(users.id, b.id));
    expect(bAfter?.email).toBe(b.email);
    expect(bAfter?.updatedAt).toEqual(bBefore?.updatedAt);
    const told = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, b.email));
    const notice = told.find((mail) => mail.subject.endsWith('account was proposed'));
    expect(notice?.text).toContain(`E-mail: ${b.email} → ${aMailbox}`);
    const inPortal = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(inPortal.map((n) => n.title)).toContain('A change to your account was proposed');

    // 2. A resets B's two-factor: a proposal, nothing reset.
    const reset = await call(a, 'POST', `/admin/users/${b.id}/two-factor/reset`);
    expect(reset.statusCode).toBe(202);
    const resets = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.two_factor.reset'));
    expect(resets[0]?.n).toBe(0);

    // 3. A suspends B: a proposal, B stays active and signed in.
    const suspend = await call(a, 'POST', `/admin/users/${b.id}/suspend`);
    expect(suspend.statusCode).toBe(202);
    expect(suspend.json().data.isActive).toBe(true);
    expect((await call(b, 'GET', '/admin/proposals')).statusCode).toBe(200);

    // 4. A asks for a password reset for B: the link goes to B's real address, never to A's.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: aMailbox },
    });
    expect(forgot.statusCode).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, aMailbox))).toEqual([]);

    // 5. A cannot approve their own proposals; B cannot approve changes about B.
    const queue = await pending(a);
    expect(queue.map((p) => p.kind).sort()).toEqual([
      'officer.details',
      'officer.status',
      'officer.two_factor_reset',
    ]);
    expect(queue.every((p) => !p.canApprove)).toBe(true);
    expect(queue.every((p) => p.proposedBy.id === a.id && p.target?.id === b.id)).toBe(true);
    const before = await rowsOf();
    for (const proposal of queue) {
      const own = await call(a, 'POST', `/admin/proposals/officers/${proposal.id}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json().code).toBe('PROPOSAL_SELF_APPROVAL');
      const aboutB = await call(b, 'POST', `/admin/proposals/officers/${proposal.id}/approve`);
      expect(aboutB.statusCode).toBe(403);
      expect(aboutB.json().code).toBe('PROPOSAL_ABOUT_YOU');
    }
    expect(await rowsOf()).toEqual(before);

    // 6. A's ₦400,000 disbursement waits for a second officer; A cannot be that officer.
    const borrower = await loanMember(t, 'Ada Borrower', { savingsNaira: 800_000 });
    const loanId = await loanThrough(
      t,
      {
        borrower,
        guarantors: [
          await loanMember(t, 'Bayo Guarantor', { savingsNaira: 1_000_000 }),
          await loanMember(t, 'Chidi Guarantor', { savingsNaira: 1_000_000 }),
        ],
        reviewers: [
          await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true }),
          await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true }),
        ],
      },
      { amountNaira: 400_000 },
      'approved',
    );
    const asked = await call(a, 'POST', `/admin/loans/${loanId}/disburse`, {
      disbursementDate: '2025-06-15',
      method: 'bank_transfer',
    });
    expect(asked.statusCode).toBe(200);
    const own = await call(a, 'POST', `/admin/loans/${loanId}/disbursement/approve`);
    expect(own.statusCode).toBe(403);
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan?.status).toBe('approved');
    const [request] = await t.db
      .select()
      .from(loanDisbursementRequests)
      .where(eq(loanDisbursementRequests.loanId, loanId));
    expect(request).toMatchObject({ status: 'pending', requestedBy: a.id, decidedBy: null });
  });

  it('a different officer approves: the change takes effect and the audit names both', async () => {
    const a = await officer('Chioma', ['president']);
    const c = await officer('Dayo', ['secretary']);
    const target = await officer('Efe', ['treasurer']);
    const res = await call(a, 'PUT', `/admin/users/${target.id}`, { phoneNumber: '08031112222' });
    expect(res.statusCode).toBe(202);
    const [proposal] = (await pending(c)).filter((p) => p.target?.id === target.id);
    expect(proposal).toMatchObject({
      kind: 'officer.details',
      changes: [{ field: 'phoneNumber', before: null, after: '+2348031112222' }],
      canApprove: true,
    });
    const ok = await call(c, 'POST', `/admin/proposals/officers/${proposal!.id}/approve`);
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.phoneNumber).toBe('+2348031112222');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.updated'))
      .orderBy(auditLog.id);
    expect(JSON.parse(audit!.after!)).toMatchObject({
      proposalId: proposal!.id,
      proposedBy: a.id,
      approvedBy: c.id,
    });
    const again = await call(c, 'POST', `/admin/proposals/officers/${proposal!.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROPOSAL_NOT_PENDING');
  });

  it('roles: nobody proposes their own; another officer proposes, a third approves', async () => {
    const a = await officer('Funmi', ['president']);
    const c = await officer('Gozie', ['secretary']);
    const member = await officer('Halima', []);
    const before = await rowsOf();
    const own = await call(a, 'PUT', `/admin/users/${a.id}/roles`, {
      roles: ['president', 'treasurer'],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('CANNOT_CHANGE_OWN_ROLES');
    const ownFlags = await call(a, 'PUT', `/admin/users/${a.id}/flags`, { isLoanReviewer: true });
    expect(ownFlags.statusCode).toBe(403);
    expect(await rowsOf()).toEqual(before);

    const proposed = await call(a, 'PUT', `/admin/users/${member.id}/roles`, {
      roles: ['auditor'],
    });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().data.roles).toEqual([]);
    const [proposal] = (await pending(c)).filter((p) => p.target?.id === member.id);
    const ok = await call(c, 'POST', `/admin/proposals/officers/${proposal!.id}/approve`);
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.roles).toEqual(['auditor']);
  });

  it('the maker cannot raise the second-approval threshold alone', async () => {
    const maker = await officer('Ikenna', ['president']);
    const treasurer = await officer('Jide', ['treasurer']);
    const secretary = await officer('Kemi', ['secretary']);
    const current = await currentPolicy(t.db);
    const before = await rowsOf();
    const raised = {
      ...current,
      disbursement: { secondApprovalAboveKobo: 5_000_000_000 },
      fine: { ...current.fine, paymentDueDays: 45 },
    };
    const res = await call(maker, 'PUT', '/admin/policy', raised);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.policy.disbursement.secondApprovalAboveKobo).toBe(
      current.disbursement.secondApprovalAboveKobo,
    );
    // What governs no control is saved at once.
    expect(res.json().data.policy.fine.paymentDueDays).toBe(45);
    expect((await currentPolicy(t.db)).disbursement).toEqual(current.disbursement);

    const [proposal] = (await pending(maker)).filter((p) => p.kind === 'policy.controls');
    expect(proposal).toMatchObject({
      changes: [
        {
          field: 'disbursement.secondApprovalAboveKobo',
          before: current.disbursement.secondApprovalAboveKobo,
          after: 5_000_000_000,
        },
      ],
      canApprove: false,
    });
    const middle = await rowsOf();
    const own = await call(maker, 'POST', `/admin/proposals/policy/${proposal!.id}/approve`);
    expect(own.statusCode).toBe(403);
    // The treasurer holds no policy.manage; officers' routes do not decide the policy's.
    const noRight = await call(
      treasurer,
      'POST',
      `/admin/proposals/policy/${proposal!.id}/approve`,
    );
    expect(noRight.statusCode).toBe(403);
    const wrongArea = await call(
      secretary,
      'POST',
      `/admin/proposals/officers/${proposal!.id}/approve`,
    );
    expect(wrongArea.statusCode).toBe(404);
    expect(await rowsOf()).toEqual({ ...middle, audit: Number(middle.audit) + 1 });
    expect(before.proposed).toBe(Number(middle.proposed) - 1);

    const rejected = await call(
      secretary,
      'POST',
      `/admin/proposals/policy/${proposal!.id}/reject`,
      {
        reason: 'The bank mandate stays at two signatures',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await currentPolicy(t.db)).disbursement).toEqual(current.disbursement);
  });

  it('a proposal expires after 7 days and can no longer be approved', async () => {
    const a = await officer('Lola', ['president']);
    const c = await officer('Musa', ['secretary']);
    const target = await officer('Nneka', ['auditor']);
    await call(a, 'POST', `/admin/users/${target.id}/suspend`);
    const [proposal] = (await pending(c)).filter((p) => p.target?.id === target.id);
    await t.db
      .update(proposals)
      .set({ expiresAt: new Date('2025-06-15T08:59:00Z') })
      .where(eq(proposals.id, proposal!.id));
    expect((await pending(c)).some((p) => p.id === proposal!.id)).toBe(false);
    const late = await call(c, 'POST', `/admin/proposals/officers/${proposal!.id}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PROPOSAL_EXPIRED');
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.isActive).toBe(true);
  });

  it('the second signature counts only from a two-factor sign-in, whoever calls the use case', async () => {
    const a = await officer('Obi', ['president']);
    const c = await officer('Pat', ['secretary']);
    const target = await officer('Remi', ['auditor']);
    expect((await call(a, 'POST', `/admin/users/${target.id}/suspend`)).statusCode).toBe(202);
    const [proposal] = (await pending(c)).filter((p) => p.target?.id === target.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, c.id));
    const checker = (amr: MemberActor['amr']): MemberActor => ({
      user: { ...row!, roles: row!.roles },
      ip: null,
      userAgent: null,
      ...(amr ? { amr } : {}),
    });

    for (const unproved of [undefined, ['pwd'] as const]) {
      const actor = checker(unproved ? [...unproved] : undefined);
      await expect(
        approveProposal(t.deps, actor, { id: proposal!.id, area: 'officers' }),
      ).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      // Refused before anything is read: the loan need not even exist.
      await expect(
        approveDisbursement(t.deps, actor, { id: '00000000-0000-4000-8000-000000000000' }),
      ).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    }
    expect((await pending(c)).some((p) => p.id === proposal!.id)).toBe(true);
    const [untouched] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(untouched?.isActive).toBe(true);

    await approveProposal(t.deps, checker(['pwd', 'otp']), {
      id: proposal!.id,
      area: 'officers',
    });
    const [suspended] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(suspended?.isActive).toBe(false);
  });
});
