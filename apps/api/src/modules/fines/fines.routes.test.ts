import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FineListResponse } from '@coop/shared/fines';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { setMemberActive } from '../members/members.service.js';
import { issueFine, markFinePaid, waiveFine } from './fines.service.js';

/**
 * GET /users/fines (docs/member-portal.md §2 Fines, §7) and the administrator's fine use cases
 * (decision 040): issue, waive, mark paid from savings or by transfer; the status filter; 403
 * suspended.
 */
const NOW = '2025-06-15T09:00:00Z';

describe('fines', () => {
  let t: TestApp;
  let ada: { id: string; token: string };
  let other: { id: string; token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const user = await createActiveMember(t, { email: 'ada@test.coop', joinedOn: '2024-01-10' });
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: user.id,
          month: '2025-05',
          contributionDate: '2025-05-25',
          savingsKobo: 10_000_00,
          sharesKobo: 0,
        },
      ],
    });
    ada = { id: user.id, token: (await signIn(t, 'ada@test.coop')).accessToken };
    const bayo = await createActiveMember(t, { email: 'bayo@test.coop' });
    other = { id: bayo.id, token: (await signIn(t, 'bayo@test.coop')).accessToken };
    for (const [key, reason, amount, fineDate] of [
      ['absence', 'Absent from the general meeting', 2_000, '2025-04-01'],
      ['late', 'Late repayment', 1_500, '2025-05-01'],
      ['noise', 'Disorder at the meeting', 500, '2025-06-01'],
    ] as const) {
      ids[key] = (
        await issueFine(t.deps, systemActor, { userId: ada.id, reason, amount, fineDate })
      ).id;
    }
  }, 60_000);
  afterAll(() => t.close());

  const list = async (query = '', token = ada.token) => {
    const res = await t.app.inject({ url: `/api/v1/users/fines${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FineListResponse>();
  };

  it('issues a pending fine due 30 days later and tells the member where to see it', async () => {
    const body = await list();
    expect(body.data.map((fine) => fine.reason)).toEqual([
      'Disorder at the meeting',
      'Late repayment',
      'Absent from the general meeting',
    ]);
    expect(body.data[2]).toEqual({
      id: ids.absence,
      reason: 'Absent from the general meeting',
      amount: 2_000,
      fineDate: '2025-04-01',
      dueDate: '2025-05-01',
      status: 'pending',
      waiverNote: null,
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ada.id), eq(notifications.subjectId, ids.absence ?? '')));
    expect(notice).toMatchObject({ type: 'fine_issued', actionUrl: '/fines?status=pending' });
  });

  it('refuses a fine without a valid amount or reason', async () => {
    await expect(
      issueFine(t.deps, systemActor, { userId: ada.id, reason: 'Late', amount: 0 }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Enter a valid amount greater than 0',
    });
    await expect(
      issueFine(t.deps, systemActor, { userId: ada.id, reason: '  ', amount: 10 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('waives a pending fine and settles its notification; never twice', async () => {
    await waiveFine(t.deps, systemActor, { id: ids.noise ?? '', note: 'First offence' });
    // The member's list answers why it was waived, so the row can say it.
    expect((await list('?status=waived')).data).toEqual([
      expect.objectContaining({ id: ids.noise, status: 'waived', waiverNote: 'First offence' }),
    ]);
    await expect(
      waiveFine(t.deps, systemActor, { id: ids.noise ?? '', note: 'Again' }),
    ).rejects.toMatchObject({ code: 'FINE_NOT_PENDING' });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.subjectId, ids.noise ?? ''), eq(notifications.type, 'fine_issued')),
      );
    expect(notice?.readAt).not.toBeNull();
  });

  it('records a fine paid from savings through the ledger, or by transfer', async () => {
    await markFinePaid(t.deps, systemActor, { id: ids.late ?? '', paidFrom: 'savings' });
    expect((await readMemberBalance(t.db, ada.id))?.savings).toBe(8_500_00);
    await markFinePaid(t.deps, systemActor, { id: ids.absence ?? '', paidFrom: 'bank_transfer' });
    expect((await readMemberBalance(t.db, ada.id))?.savings).toBe(8_500_00);
    await expect(
      markFinePaid(t.deps, systemActor, { id: ids.absence ?? '', paidFrom: 'savings' }),
    ).rejects.toMatchObject({ code: 'FINE_NOT_PENDING' });
  });

  it('refuses to take a fine from savings that cannot cover it', async () => {
    const big = await issueFine(t.deps, systemActor, {
      userId: ada.id,
      reason: 'Damage to the hall',
      amount: 9_000,
    });
    await expect(
      markFinePaid(t.deps, systemActor, { id: big.id, paidFrom: 'savings' }),
    ).rejects.toMatchObject({ code: 'LEDGER_NEGATIVE_BALANCE' });
  });

  it.each([
    ['?status=pending', ['Damage to the hall']],
    ['?status=paid', ['Late repayment', 'Absent from the general meeting']],
    ['?status=waived', ['Disorder at the meeting']],
    [
      '?sortBy=amount&sortOrder=asc&status=paid',
      ['Late repayment', 'Absent from the general meeting'],
    ],
  ])('filters by status: %s', async (query, reasons) => {
    expect((await list(query)).data.map((fine) => fine.reason)).toEqual(reasons);
  });

  it("never shows another member's fines, and refuses an unknown status", async () => {
    expect((await list('', other.token)).data).toEqual([]);
    const res = await t.app.inject({
      url: '/api/v1/users/fines?status=all',
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 anonymous and 403 suspended', async () => {
    expect((await t.app.inject({ url: '/api/v1/users/fines' })).statusCode).toBe(401);
    await setMemberActive(t.deps, systemActor, { userId: other.id, isActive: false });
    const { accessToken } = await signIn(t, 'bayo@test.coop');
    const res = await t.app.inject({ url: '/api/v1/users/fines', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(403);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
