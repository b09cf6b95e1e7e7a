import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { AuditEntry } from '@coop/shared/audit';
import type { AdminOverview, Reconciliation } from '@coop/shared/back-office';
import type { Dispute } from '@coop/shared/contributions';
import type { AdminMember, AdminMemberDetail, MemberImportPreview } from '@coop/shared/members';
import type { PayrollPreview } from '@coop/shared/payroll';
import { auditLog, contributions, notifications, users } from '../../db/schema/index.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, outbox, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { finishedJob, readJob, runOfficerJobs } from '../../test/officer-jobs.js';

/**
 * The back office through HTTP (docs/decisions/070-back-office.md): every admin route refuses
 * members (403) and anonymous callers (401); members, imports, payroll, disputes, audit and
 * reconciliation do what the administrator asks, refuse bad CSV files row by row with nothing
 * written, and replay Idempotency-Keys. Ends with projection == ledger.
 */

// 10:00 in Lagos on 15 June 2025.
const NOW = '2025-06-15T09:00:00Z';

const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const upload = (fileName: string, text: string) => ({ fileName, content: csv(text) });

interface Session {
  id: string;
  token: string;
}

async function admin(t: TestApp, email = 'chair@test.coop'): Promise<Session> {
  const user = await createActiveMember(t, {
    email,
    firstName: 'Chioma',
    lastName: 'Admin',
    roles: ['president'],
    joinedOn: '2020-01-01',
  });
  return { id: user.id, token: (await signIn(t, email)).accessToken };
}

async function member(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<Session & { membershipId: string }> {
  const user = await createActiveMember(t, { email, joinedOn: '2024-01-10', ...extra });
  return {
    id: user.id,
    token: (await signIn(t, email)).accessToken,
    membershipId: user.membershipId,
  };
}

/** `count` valid rows of a members file (no header). */
function bulkMemberRows(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `Member,${i},m${i}@bulk.test,,B${String(i).padStart(6, '0')},2025-01-15`,
  );
}

describe('back office API', () => {
  let t: TestApp;
  let chair: Session;
  let ada: Session & { membershipId: string };
  let bayo: Session & { membershipId: string };

  /**
   * A new app with the chair, Ada and Bayo. Each group of tests below starts from its own, so no
   * test depends on what another one left, in whatever order they run.
   */
  function freshCooperative(setUp: () => Promise<void> = async () => {}) {
    let mine: TestApp;
    beforeAll(async () => {
      mine = t = await createTestApp({ now: NOW });
      chair = await admin(t);
      ada = await member(t, 'ada@test.coop', {
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '08031234567',
      });
      bayo = await member(t, 'bayo@test.coop', {
        firstName: 'Bayo',
        lastName: 'Ade',
        isExco: true,
      });
      await setUp();
    }, 60_000);
    afterAll(() => mine.close());
  }

  const call = (
    who: Session | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: {
        ...(who ? bearer(who.token) : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe('access', () => {
    freshCooperative();
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/overview'],
      ['GET', '/users'],
      ['POST', '/users', { firstName: 'X', lastName: 'Y', email: 'x@test.coop' }],
      ['POST', '/users/import/preview', upload('a.csv', 'x')],
      ['POST', '/users/import', upload('a.csv', 'x')],
      ['GET', '/users/00000000-0000-4000-8000-000000000000'],
      ['GET', '/users/00000000-0000-4000-8000-000000000000/record'],
      ['PUT', '/users/00000000-0000-4000-8000-000000000000', { firstName: 'X' }],
      ['PUT', '/users/00000000-0000-4000-8000-000000000000/flags', { isExco: true }],
      ['POST', '/users/00000000-0000-4000-8000-000000000000/resend-activation'],
      ['POST', '/users/00000000-0000-4000-8000-000000000000/suspend'],
      ['POST', '/users/00000000-0000-4000-8000-000000000000/reactivate'],
      ['POST', '/payroll/preview', upload('p.csv', 'x')],
      ['POST', '/payroll', upload('p.csv', 'x')],
      ['GET', '/contributions/disputes'],
      [
        'POST',
        '/contributions/00000000-0000-4000-8000-000000000000/resolve',
        { note: 'x', memberWasRight: false },
      ],
      ['GET', '/audit'],
      ['GET', '/audit/export.csv'],
      ['GET', '/reconciliation'],
      ['GET', '/reconciliation/export.csv'],
      ['GET', '/reconciliation/export.pdf'],
    ];

    it('answers 403 FORBIDDEN to members on every admin route, and audits the refusal', async () => {
      for (const [method, url, payload] of routes) {
        const res = await call(ada, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const [denied] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.actorId, ada.id), eq(auditLog.action, 'authorization.denied')));
      expect(denied?.n).toBe(routes.length);
    });

    it('answers 401 to anonymous callers before validation', async () => {
      for (const [method, url, payload] of routes) {
        const res = await call(null, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('member list', () => {
    freshCooperative(async () => {
      await call(chair, 'PUT', `/users/${ada.id}/flags`, { isLoanReviewer: true });
    });

    it('lists every account 50 a page by first name, with search and filters', async () => {
      const res = await call(chair, 'GET', '/users');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: AdminMember[]; pagination: { limit: number } }>();
      expect(body.pagination.limit).toBe(50);
      expect(body.data.map((m) => m.firstName)).toEqual(['Ada', 'Bayo', 'Chioma']);
      const names = async (query: string) =>
        (await call(chair, 'GET', `/users?${query}`))
          .json<{ data: AdminMember[] }>()
          .data.map((m) => m.firstName);
      expect(await names('search=ada%20obi')).toEqual(['Ada']);
      expect(await names(`search=${ada.membershipId}`)).toEqual(['Ada']);
      expect(await names('isExco=true')).toEqual(['Bayo']);
      expect(await names('status=active&isExco=false')).toEqual(['Ada', 'Chioma']);
      expect(await names('startDate=2024-01-01&endDate=2024-12-31')).toEqual(['Ada', 'Bayo']);
      expect((await call(chair, 'GET', '/users?status=retired')).statusCode).toBe(400);
    });
  });

  describe('members', () => {
    freshCooperative();

    it('creates a member with an activation e-mail, once per Idempotency-Key', async () => {
      const payload = {
        firstName: 'Uche',
        lastName: 'Eze',
        email: 'Uche@Test.coop',
        phoneNumber: '0805 555 0101',
      };
      const first = await call(chair, 'POST', '/users', payload, 'create-uche');
      expect(first.statusCode, first.body).toBe(201);
      const created = first.json<{ data: AdminMember; message: string }>();
      expect(created.data).toMatchObject({
        email: 'uche@test.coop',
        phoneNumber: '+2348055550101',
        isActivated: false,
      });
      expect(created.message).toBe('Member created. The activation e-mail is on its way.');
      const again = await call(chair, 'POST', '/users', payload, 'create-uche');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const emails = (await outbox(t)).filter((e) => e.to === 'uche@test.coop');
      expect(emails).toHaveLength(1);
      expect(emails[0]?.text).toContain('/auth/activate?token=');

      const duplicate = await call(chair, 'POST', '/users', { ...payload, phoneNumber: null });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('A member with this email address already exists');
      const bad = await call(chair, 'POST', '/users', {
        firstName: '',
        lastName: 'Eze',
        email: 'nope',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('edits names, e-mail and phone, refusing another member’s e-mail', async () => {
      const res = await call(chair, 'PUT', `/users/${bayo.id}`, {
        lastName: 'Adebayo',
        phoneNumber: '08120000001',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: AdminMember }>().data).toMatchObject({
        lastName: 'Adebayo',
        phoneNumber: '+2348120000001',
      });
      const clash = await call(chair, 'PUT', `/users/${bayo.id}`, { email: 'ada@test.coop' });
      expect(clash.statusCode).toBe(409);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'member.updated'), eq(auditLog.entityId, bayo.id)));
      expect(JSON.parse(audit?.before ?? '{}')).toEqual({ lastName: 'Ade', phoneNumber: null });
      expect(
        (await call(chair, 'PUT', '/users/00000000-0000-4000-8000-000000000000', { lastName: 'X' }))
          .statusCode,
      ).toBe(404);
    });

    it('sets the reviewer and exco flags', async () => {
      const res = await call(chair, 'PUT', `/users/${ada.id}/flags`, { isLoanReviewer: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: AdminMember }>().data).toMatchObject({
        isLoanReviewer: true,
        isExco: false,
      });
    });

    it('resends activation only to members who have not activated', async () => {
      const refused = await call(chair, 'POST', `/users/${ada.id}/resend-activation`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('MEMBER_ALREADY_ACTIVATED');
      const created = await call(chair, 'POST', '/users', {
        firstName: 'Ifeoma',
        lastName: 'Eze',
        email: 'ifeoma@test.coop',
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await call(
        chair,
        'POST',
        `/users/${created.json<{ data: AdminMember }>().data.id}/resend-activation`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await outbox(t)).filter((e) => e.to === 'ifeoma@test.coop')).toHaveLength(2);
    });

    it('suspends (cutting open sessions) and reactivates; never the admin’s own account', async () => {
      const victim = await member(t, 'sus@test.coop', { firstName: 'Sule' });
      const session = await signIn(t, 'sus@test.coop');
      t.clock.advance(1000);
      const res = await call(chair, 'POST', `/users/${victim.id}/suspend`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: AdminMember }>().data.isActive).toBe(false);
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(victim.token) });
      expect(me.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      t.clock.set(NOW);
      const back = await call(chair, 'POST', `/users/${victim.id}/reactivate`);
      expect(back.json<{ data: AdminMember }>().data.isActive).toBe(true);
      const self = await call(chair, 'POST', `/users/${chair.id}/suspend`);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe('You cannot suspend your own account');
    });
  });

  describe('members import', () => {
    freshCooperative();
    const header = 'firstName,lastName,email,phoneNumber,membershipId,joinedOn\r\n';
    const good = `${header}Ngozi,Okafor,ngozi@test.coop,08030000011,M9001,2025-01-15\r\nTunde,Bello,tunde@test.coop,,,\r\n`;

    it('previews every row: duplicates in the file and against members, bad phones, formulas', async () => {
      const file = `${header}Nkechi,Okafor,nkechi@test.coop,08030000012,P0001,2025-01-15\r\nDup,Row,NKECHI@test.coop,,,\r\nPhone,Bad,pb@test.coop,12345,,\r\nTaken,Id,ti@test.coop,,${ada.membershipId},\r\n"=cmd|' /C calc'!A0",X,f@test.coop,,,\r\n`;
      const res = await call(chair, 'POST', '/users/import/preview', upload('members.csv', file));
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json<{ data: MemberImportPreview }>().data;
      expect(preview.validRows).toBe(1);
      expect(preview.rows.map((row) => [row.line, row.errors])).toEqual([
        [2, []],
        [3, ['Duplicate e-mail nkechi@test.coop: also on line 2']],
        [4, ['Please enter a valid Nigerian mobile number']],
        [5, [`A member with the membership ID ${ada.membershipId} already exists`]],
        [6, ['firstName starts like a spreadsheet formula: refused']],
      ]);
      const imported = await call(chair, 'POST', '/users/import', upload('members.csv', file));
      expect(imported.statusCode).toBe(400);
      expect(imported.json()).toMatchObject({
        code: 'CSV_REJECTED',
        message: 'The file was not imported: 4 problems to fix',
      });
      expect(imported.json().details).toHaveLength(4);
      const [n] = await t.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, 'nkechi@test.coop'));
      expect(n?.n).toBe(0);
    });

    it('previews a 128,889-row file, within the 10 MB limit, without a 500', async () => {
      const file = `${header}${bulkMemberRows(128_889).join('\r\n')}\r\n`;
      expect(Buffer.byteLength(file)).toBeLessThan(10 * 1024 * 1024);
      const res = await call(chair, 'POST', '/users/import/preview', upload('bulk.csv', file));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json<{ data: MemberImportPreview }>().data.validRows).toBe(128_889);
    }, 300_000);

    it('refuses wrong columns, wrong encoding and files over 10 MB, writing nothing', async () => {
      const wrong = await call(
        chair,
        'POST',
        '/users/import',
        upload('m.csv', 'name,email\r\nA,a@b.c\r\n'),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details[0].message).toBe(
        'The columns must be firstName,lastName,email,phoneNumber,membershipId,joinedOn (found name,email)',
      );
      const latin1 = Buffer.concat([Buffer.from(header), Buffer.from([0x4e, 0xe9, 0x2c])]).toString(
        'base64',
      );
      const encoding = await call(chair, 'POST', '/users/import', {
        fileName: 'm.csv',
        content: latin1,
      });
      expect(encoding.statusCode).toBe(400);
      expect(encoding.json().details[0].message).toBe(
        'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
      );
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41).toString('base64');
      const large = await call(chair, 'POST', '/users/import', { fileName: 'm.csv', content: big });
      expect(large.statusCode).toBe(413);
      expect(large.json().details[0].message).toBe('The file is larger than 10 MB');
    });

    it('imports a clean file as a job, with activation e-mails; a retry answers the same job', async () => {
      const res = await call(
        chair,
        'POST',
        '/users/import',
        upload('members.csv', good),
        'import-1',
      );
      expect(res.json().message).toBe('The import has started. Its progress shows here.');
      const job = await finishedJob(t, res, chair.token);
      expect(job).toMatchObject({ kind: 'members.import', state: 'succeeded', done: 2, total: 2 });
      if (job.kind !== 'members.import' || !job.result) throw new Error('no summary');
      expect(job.result.imported).toBe(2);
      expect(job.message).toBe('2 members imported. Their activation e-mails are on their way.');
      expect(job.result.members[0]).toMatchObject({
        membershipId: 'M9001',
        phoneNumber: '+2348030000011',
        joinedOn: '2025-01-15',
      });
      const replay = await call(
        chair,
        'POST',
        '/users/import',
        upload('members.csv', good),
        'import-1',
      );
      // The retry answers the same job, and runs nothing again.
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers.location).toBe(res.headers.location);
      expect(replay.json().data.id).toBe(job.id);
      const again = await call(chair, 'POST', '/users/import', upload('members.csv', good));
      expect(again.statusCode).toBe(400);
      await runOfficerJobs(t);
      expect((await outbox(t)).filter((e) => e.to === 'tunde@test.coop')).toHaveLength(1);
    });
  });

  describe('payroll', () => {
    freshCooperative();
    const file = () =>
      `membershipId,month,savings,shares\r\n${ada.membershipId},2025-05,20000,5000\r\n${bayo.membershipId.toLowerCase()},2025-05,15000.50,0\r\n`;

    it('previews totals, rows per member and errors, writing nothing', async () => {
      // March: a month no other test posts.
      const bad = `membershipId,month,savings,shares\r\n${ada.membershipId},2025-03,20000,5000\r\n${ada.membershipId},2025-03,1,1\r\nM0404,2025-03,100,0\r\n${bayo.membershipId},2025-03,-5,0\r\n${bayo.membershipId},2025-02,5,0\r\n`;
      const res = await call(chair, 'POST', '/payroll/preview', upload('march.csv', bad));
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json<{ data: PayrollPreview }>().data;
      expect(preview.month).toBe('2025-03');
      expect(preview.rows.map((row) => [row.line, row.status, row.errors])).toEqual([
        [2, 'new', []],
        [3, 'error', [`Duplicate: ${ada.membershipId} is also on line 2`]],
        [4, 'error', ['Unknown member M0404']],
        [5, 'error', ['Savings cannot be negative']],
        [
          6,
          'error',
          [
            'Every row must be for March 2025; this one is for February 2025',
            `Duplicate: ${bayo.membershipId} is also on line 5`,
          ],
        ],
      ]);
      expect(preview.totals).toMatchObject({ rows: 5, newRows: 1, errorRows: 4, total: 25_000 });
      const posted = await call(chair, 'POST', '/payroll', upload('march.csv', bad));
      expect(posted.statusCode).toBe(400);
      expect(posted.json().code).toBe('CSV_REJECTED');
      const [n] = await t.db
        .select({ n: count() })
        .from(contributions)
        .where(eq(contributions.contributionDate, '2025-03-31'));
      expect(n?.n).toBe(0);
    });

    it('posts pending contributions through the ledger and notifies members', async () => {
      const res = await call(chair, 'POST', '/payroll', upload('may.csv', file()), 'payroll-may');
      expect(await finishedJob(t, res, chair.token)).toMatchObject({
        state: 'succeeded',
        done: 2,
        total: 2,
        result: { month: '2025-05', posted: 2, alreadyPosted: 0, total: 40_000.5 },
        // Neither member has a deduction instruction: both months are unexpected (decision 155).
        message:
          'Posted 2 contributions for May 2025. The members were asked to confirm. Variances: 2 unexpected; each member was told what was deducted against what was expected.',
      });
      const rows = await t.db
        .select()
        .from(contributions)
        .where(
          and(eq(contributions.userId, bayo.id), eq(contributions.contributionDate, '2025-05-31')),
        );
      expect(rows).toMatchObject([
        { status: 'pending', savingsAmount: 1_500_050, contributionDate: '2025-05-31' },
      ]);
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, ada.id));
      expect(notes.map((n) => n.title)).toContain('Confirm your May 2025 contribution');
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });

    it('changes nothing on a second upload of the same month, and says so', async () => {
      // April: this test's own month, posted once first.
      const april = file().replaceAll('2025-05', '2025-04');
      const first = await call(chair, 'POST', '/payroll', upload('april.csv', april));
      expect((await finishedJob(t, first, chair.token)).result).toMatchObject({ posted: 2 });
      const preview = (
        await call(chair, 'POST', '/payroll/preview', upload('april.csv', april))
      ).json<{ data: PayrollPreview }>().data;
      expect(preview.rows.map((row) => row.status)).toEqual(['already_posted', 'already_posted']);
      const res = await call(chair, 'POST', '/payroll', upload('april-again.csv', april));
      expect(await finishedJob(t, res, chair.token)).toMatchObject({
        state: 'succeeded',
        result: { posted: 0, alreadyPosted: 2 },
        message: 'Nothing was posted: every row for April 2025 was already posted',
      });
      const [n] = await t.db
        .select({ n: count() })
        .from(contributions)
        .where(eq(contributions.contributionDate, '2025-04-30'));
      expect(n?.n).toBe(2);
    });
  });

  /** May's payroll for Ada (₦20,000 + ₦5,000) and Bayo (₦15,000.50). */
  async function postMay() {
    const may = `membershipId,month,savings,shares\r\n${ada.membershipId},2025-05,20000,5000\r\n${bayo.membershipId},2025-05,15000.50,0\r\n`;
    const res = await call(chair, 'POST', '/payroll', upload('may.csv', may));
    expect((await finishedJob(t, res, chair.token)).state).toBe('succeeded');
  }

  /** Ada confirms her contribution of `contributionDate`, then disputes it; answers its id. */
  async function disputeAdas(contributionDate = '2025-05-31'): Promise<string> {
    const mine = await t.app.inject({
      url: '/api/v1/users/contributions',
      headers: bearer(ada.token),
    });
    const id =
      mine
        .json<{ data: Array<{ id: string; contributionDate: string }> }>()
        .data.find((row) => row.contributionDate === contributionDate)?.id ?? '';
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/contributions/confirm',
      headers: bearer(ada.token),
      payload: { contributionIds: [id] },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/contributions/${id}/dispute`,
      headers: bearer(ada.token),
      payload: { reason: 'Only 15,000 savings left my May salary' },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    return id;
  }

  const correction = {
    note: 'Payslip shows 15,000 savings: corrected',
    memberWasRight: true,
    correctedSavings: 15_000,
    correctedShares: 5_000,
  };

  describe('disputes', () => {
    let disputedId: string;
    freshCooperative(async () => {
      await postMay();
      disputedId = await disputeAdas();
    });

    it('lists disputed contributions once a member confirms and disputes', async () => {
      const id = disputedId;
      const queue = await call(chair, 'GET', '/contributions/disputes');
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json<{ data: Dispute[] }>().data).toMatchObject([
        {
          id,
          status: 'disputed',
          member: { firstName: 'Ada' },
          disputeReason: 'Only 15,000 savings left my May salary',
        },
      ]);
      const overview = (await call(chair, 'GET', '/overview')).json<{ data: AdminOverview }>().data;
      expect(overview.queues).toContainEqual({
        key: 'disputes',
        label: 'Disputed contributions',
        count: 1,
      });
    });

    it('refuses a resolution without the corrected amounts when the member was right', async () => {
      const res = await call(chair, 'POST', `/contributions/${disputedId}/resolve`, {
        note: 'Checked the payslip with payroll',
        memberWasRight: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter the savings amount that was really deducted');
    });

    it('resolves with an adjusting ledger transaction and notifies the member', async () => {
      // Its own dispute, on April, so the queue of the other tests here stays as they expect.
      const april = `membershipId,month,savings,shares\r\n${ada.membershipId},2025-04,20000,5000\r\n`;
      const posted = await call(chair, 'POST', '/payroll', upload('april.csv', april));
      expect((await finishedJob(t, posted, chair.token)).state).toBe('succeeded');
      const disputedId = await disputeAdas('2025-04-30');
      const res = await call(
        chair,
        'POST',
        `/contributions/${disputedId}/resolve`,
        correction,
        'resolve-1',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        data: {
          status: 'resolved',
          savingsAmount: 15_000,
          totalAmount: 20_000,
          resolutionNote: 'Payslip shows 15,000 savings: corrected',
        },
        message: 'Dispute resolved. The member was notified.',
      });
      const replay = await call(
        chair,
        'POST',
        `/contributions/${disputedId}/resolve`,
        correction,
        'resolve-1',
      );
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const twice = await call(chair, 'POST', `/contributions/${disputedId}/resolve`, {
        note: 'Another resolution note',
        memberWasRight: false,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('CONTRIBUTION_NOT_DISPUTED');
      const record = (await call(chair, 'GET', `/users/${ada.id}/record`)).json<{
        data: AdminMemberDetail;
      }>().data;
      // May as posted (disputed, not resolved) and April corrected.
      expect(record.balances).toMatchObject({ savings: 35_000, shares: 10_000 });
      expect(record.contributions.items.find((row) => row.id === disputedId)).toMatchObject({
        status: 'resolved',
        totalAmount: 20_000,
      });
      expect(record.audit.items.map((a) => a.action)).toContain('contribution.disputed');
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, ada.id));
      expect(notes.map((n) => n.title)).toContain('Your April 2025 dispute was resolved');
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });
  });

  describe('audit and reconciliation', () => {
    // The month of the other groups, ended: May posted, Ada's dispute resolved with a correction,
    // Bayo's details edited.
    freshCooperative(async () => {
      await postMay();
      const id = await disputeAdas();
      const resolved = await call(chair, 'POST', `/contributions/${id}/resolve`, correction);
      expect(resolved.statusCode, resolved.body).toBe(200);
      const edited = await call(chair, 'PUT', `/users/${bayo.id}`, { lastName: 'Adebayo' });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it('searches the audit log by actor, action, entity and time', async () => {
      const res = await call(chair, 'GET', '/audit?actor=chioma&action=payroll.posted');
      expect(res.statusCode, res.body).toBe(200);
      const entries = res.json<{ data: AuditEntry[] }>().data;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'payroll_month',
        entityId: '2025-05',
        actor: { name: 'Chioma Admin' },
      });
      const byEntity = await call(chair, 'GET', `/audit?entityType=user&entityId=${bayo.id}`);
      expect(byEntity.json<{ data: AuditEntry[] }>().data.map((e) => e.action)).toContain(
        'member.updated',
      );
      const none = await call(chair, 'GET', '/audit?startDate=2030-01-01');
      expect(none.json<{ data: AuditEntry[] }>().data).toEqual([]);
    });

    it('exports the audit log as CSV with formulas neutralised', async () => {
      const res = await call(chair, 'GET', '/audit/export.csv?action=member.created');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.split('\r\n')[0]).toBe(
        'occurredAt,actor,membershipId,action,entityType,entityId,before,after,ip',
      );
      expect(res.body).toContain('member.created');
    });

    it('balances the trial balance and the projections, with money in and out', async () => {
      const res = await call(
        chair,
        'GET',
        '/reconciliation?startDate=2025-05-01&endDate=2025-06-30',
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: Reconciliation }>().data;
      expect(data.trialBalance.balanced).toBe(true);
      expect(data.trialBalance.totalDebit).toBe(data.trialBalance.totalCredit);
      expect(data.projection.matches).toBe(true);
      // Payroll money is owed by the employer until remitted: nothing reached the bank yet
      // (docs/decisions/150-payroll-cycle.md).
      expect(data.cashFlow).toMatchObject({ moneyIn: 0, moneyOut: 0 });
      const csvRes = await call(
        chair,
        'GET',
        '/reconciliation/export.csv?startDate=2025-05-01&endDate=2025-06-30',
      );
      expect(csvRes.body).toContain('Trial balance,coop_payroll_receivable,');
      expect(csvRes.body).toContain('40000.50');
      const bad = await call(
        chair,
        'GET',
        '/reconciliation?startDate=2025-06-30&endDate=2025-05-01',
      );
      expect(bad.statusCode).toBe(400);
    });

    it('shows the overview', async () => {
      const overview = (await call(chair, 'GET', '/overview')).json<{ data: AdminOverview }>().data;
      expect(overview.members.total).toBe(2);
      expect(overview.moneyUnderManagement).toMatchObject({
        savings: 30_000.5,
        shares: 5_000,
        total: 35_000.5,
      });
      expect(overview.deductionsThisMonth).toEqual({
        month: '2025-06',
        contributions: 0,
        amount: 0,
      });
      expect(overview.queues[0]?.count).toBe(0);
    });

    it('keeps the balance projection equal to the ledger', async () => {
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });
  });
});

const serverUrl = requirePostgres('payroll concurrency');
describe.skipIf(!serverUrl)('payroll under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
  }, 60_000);
  afterAll(() => t.close());

  it('posts the same month six times at once: each row once, one posting audited', async () => {
    const chair = await admin(t);
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await member(t, `m${i}@test.coop`));
    const text = `membershipId,month,savings,shares\r\n${members.map((m) => `${m.membershipId},2025-05,1000,500`).join('\r\n')}\r\n`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/payroll',
          headers: bearer(chair.token),
          payload: upload('may.csv', text),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    await runOfficerJobs(t);
    const jobs = await Promise.all(
      results.map((r) => readJob(t, String(r.headers.location), chair.token)),
    );
    expect(
      jobs.map((job) => (job.kind === 'payroll.post' ? job.result?.posted : -1)).sort(),
    ).toEqual([0, 0, 0, 0, 0, 5]);
    const [n] = await t.db.select({ n: count() }).from(contributions);
    expect(n?.n).toBe(5);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'payroll.posted'));
    expect(audits?.n).toBe(1);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
