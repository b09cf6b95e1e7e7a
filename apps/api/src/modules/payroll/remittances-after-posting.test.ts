import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverviewResponse } from '@coop/shared/back-office';
import type { PayrollPreview } from '@coop/shared/payroll';
import type { PayrollReconciliationResponse } from '@coop/shared/payroll-remittances';
import { actorFor } from '../../lib/actor.js';
import { findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { seedPayroll } from '../../test/payroll-fixture.js';
import { postPayroll } from './payroll.service.js';
import { payrollReceivable } from './remittances.service.js';

/**
 * The remittance after a real posting (docs/decisions/155-payroll-actuals.md, 157): the payroll
 * import posts what was deducted into the receivable with a deductions row per member, the
 * reconciliation reads those rows, and the receivable's ledger balance equals what the month still
 * owes before and after the employer pays it over.
 */
const NOW = '2025-06-15T09:00:00Z';
const upload = (text: string) => ({
  fileName: 'actuals.csv',
  content: Buffer.from(text, 'utf8').toString('base64'),
});

/**
 * The treasurer who posts the payroll file (as the import's job does) and records what the
 * employer paid over for May 2025 (received on 5 June), signed in.
 */
async function signInTreasurer(t: TestApp) {
  const officer = await createActiveMember(t, {
    email: 'treasurer@post.coop',
    roles: ['treasurer'],
  });
  const token = (await signIn(t, 'treasurer@post.coop')).accessToken;
  return {
    token,
    post: (csv: string) =>
      postPayroll(t.deps, actorFor({ ...officer, roles: ['treasurer'] }), upload(csv)),
    remit: (payload: { payrollGroupId: string; amount: number; reference: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/payroll/remittances',
        headers: bearer(token),
        payload: { month: '2025-05', receivedOn: '2025-06-05', ...payload },
      }),
  };
}

describe('a remittance against a month the payroll import posted', () => {
  let t: TestApp;
  let treasurer: Awaited<ReturnType<typeof signInTreasurer>>;
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    treasurer = await signInTreasurer(t);
    const { groups, members } = await seedPayroll(t.db, {
      groups: { 'MOF-HQ': 'MOF-HQ payroll' },
      members: ['ada', 'bayo', 'chidi'].map((name) => ({
        name,
        group: 'MOF-HQ',
        savings: 20_000,
        shares: 5_000,
      })),
    });
    groupId = groups['MOF-HQ']!;
    // Ada as instructed, Bayo ₦5,000 short, Chidi not in the file (missing).
    const rows = [
      `${members.ada?.membershipId},2025-05,25000`,
      `${members.bayo?.membershipId},2025-05,20000`,
    ];
    await treasurer.post(`membershipId,month,deducted\n${rows.join('\n')}\n`);
  }, 120_000);
  afterAll(() => t.close());

  const month = async () => {
    const res = await t.app.inject({
      url: '/api/v1/admin/payroll/reconciliation?month=2025-05&group=MOF-HQ',
      headers: bearer(treasurer.token),
    });
    return res.json<PayrollReconciliationResponse>().data[0];
  };

  it('reads the posted month: what was deducted, never what was expected', async () => {
    expect(await month()).toMatchObject({
      members: 3,
      deducted: 45_000,
      remitted: 0,
      outstanding: 45_000,
      state: 'not_remitted',
    });
    expect(await payrollReceivable(t.db)).toEqual({
      receivable: 45_000_00,
      outstanding: 45_000_00,
      matches: true,
    });
  });

  it('moves the remittance from the receivable to the bank, and the books still agree', async () => {
    const res = await treasurer.remit({
      payrollGroupId: groupId,
      amount: 45_000,
      reference: 'FT-0605',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await month()).toMatchObject({ remitted: 45_000, outstanding: 0, state: 'remitted' });
    expect(await payrollReceivable(t.db)).toEqual({
      receivable: 0,
      outstanding: 0,
      matches: true,
    });
    expect(await findProjectionMismatches(t.db)).toEqual([]);
  });
});

describe('an unexpected deduction, named a group by the file’s payrollGroup column', () => {
  let t: TestApp;
  let treasurer: Awaited<ReturnType<typeof signInTreasurer>>;
  let groupId: string;
  let dayo: string;
  let efe: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    treasurer = await signInTreasurer(t);
    groupId = (await seedPayroll(t.db, { groups: { 'NPF-HQ': 'NPF-HQ payroll' } })).groups[
      'NPF-HQ'
    ]!;
    // Neither has an instruction: nothing is expected of them, so neither has a group of their own.
    for (const name of ['dayo', 'efe']) {
      const member = await createActiveMember(t, {
        email: `${name}@post.coop`,
        joinedOn: '2024-01-10',
      });
      if (name === 'dayo') dayo = member.membershipId;
      else efe = member.membershipId;
    }
  }, 120_000);
  afterAll(() => t.close());

  const send = (path: 'preview' | '', rows: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payroll${path ? `/${path}` : ''}`,
      headers: bearer(treasurer.token),
      payload: upload(`membershipId,month,deducted,payrollGroup\n${rows.join('\n')}\n`),
    });
  const reconciliation = async () => {
    const res = await t.app.inject({
      url: '/api/v1/admin/payroll/reconciliation?month=2025-05',
      headers: bearer(treasurer.token),
    });
    return res.json<PayrollReconciliationResponse>().data;
  };
  const notRemitted = async () => {
    const res = await t.app.inject({
      url: '/api/v1/admin/overview',
      headers: bearer(treasurer.token),
    });
    return res
      .json<AdminOverviewResponse>()
      .data.payrollNotRemitted.months.map((row) => [row.month, row.payrollGroup?.code ?? null]);
  };

  it('refuses a code that names no group, row by row, in the preview', async () => {
    const res = await send('preview', [`${dayo},2025-05,8000,NPF-HQX`]);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: PayrollPreview }>().data;
    expect(preview.rows[0]?.errors).toEqual([
      'Unknown payroll group NPF-HQX: name a payroll group by its code, or leave it blank',
    ]);
  });

  it('reports the member unexpected under the group the file names; blank, under no group', async () => {
    const res = await send('preview', [`${dayo},2025-05,8000,npf-hq`, `${efe},2025-05,3000,`]);
    const preview = res.json<{ data: PayrollPreview }>().data;
    expect(preview.rows.map((row) => row.errors)).toEqual([[], []]);
    expect(preview.variances.map((row) => [row.membershipId, row.kind, row.payrollGroup])).toEqual([
      [dayo, 'unexpected', 'NPF-HQ'],
      [efe, 'unexpected', null],
    ]);
    expect(preview.groups.map((group) => [group.code, group.deducted])).toEqual([
      ['NPF-HQ', 8_000],
      [null, 3_000],
    ]);
  });

  it('posts it to that group, so the month is remitted in full and leaves the overview', async () => {
    await treasurer.post(
      `membershipId,month,deducted,payrollGroup\n${dayo},2025-05,8000,NPF-HQ\n${efe},2025-05,3000,\n`,
    );
    expect(
      (await reconciliation()).map((row) => [
        row.payrollGroup?.code ?? null,
        row.deducted,
        row.state,
      ]),
    ).toEqual([
      ['NPF-HQ', 8_000, 'not_remitted'],
      [null, 3_000, 'not_remitted'],
    ]);
    expect(await notRemitted()).toContainEqual(['2025-05', 'NPF-HQ']);

    const res = await treasurer.remit({
      payrollGroupId: groupId,
      amount: 8_000,
      reference: 'FT-NPF-0605',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (await reconciliation()).find((row) => row.payrollGroup?.code === 'NPF-HQ'),
    ).toMatchObject({ remitted: 8_000, outstanding: 0, state: 'remitted' });
    // The month with no group (Efe's, its column blank) is still owed and still listed.
    expect(await notRemitted()).toEqual([['2025-05', null]]);
    expect(await payrollReceivable(t.db)).toEqual({
      receivable: 3_000_00,
      outstanding: 3_000_00,
      matches: true,
    });
  });
});
