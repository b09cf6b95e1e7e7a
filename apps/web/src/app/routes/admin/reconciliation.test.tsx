import type { Reconciliation } from '@coop/shared/back-office';
import type { PayrollMonthReconciliation } from '@coop/shared/payroll-remittances';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, json, listAnswer, mockApi, type MockRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import AdminReconciliationRoute from './reconciliation';

configure({ asyncUtilTimeout: 3000 });

const MOF = {
  id: '20000000-0000-4000-8000-000000000001',
  code: 'MOF-HQ',
  name: 'Ministry of Finance',
};

const OCTOBER: PayrollMonthReconciliation = {
  month: '2026-10',
  payrollGroup: MOF,
  members: 40,
  deducted: 1_000_000,
  remitted: 600_000,
  outstanding: 400_000,
  state: 'partly_remitted',
  remittances: 1,
  lastReceivedOn: '2026-11-05',
};
const SEPTEMBER: PayrollMonthReconciliation = {
  ...OCTOBER,
  month: '2026-09',
  remitted: 1_000_000,
  outstanding: 0,
  state: 'remitted',
  remittances: 2,
};
const NO_GROUP: PayrollMonthReconciliation = {
  ...OCTOBER,
  payrollGroup: null,
  members: 1,
  deducted: 5_000,
  remitted: 0,
  outstanding: 5_000,
  state: 'not_remitted',
  remittances: 0,
  lastReceivedOn: null,
};

const BOOKS: Reconciliation = {
  asOf: '2026-11-20T09:00:00.000Z',
  trialBalance: { accounts: [], totalDebit: 0, totalCredit: 0, balanced: true },
  projection: { members: 5, mismatches: [], matches: true },
  payrollReceivable: { receivable: 405_000, outstanding: 405_000, matches: true },
  cashFlow: {
    startDate: '2026-11-01',
    endDate: '2026-11-20',
    moneyIn: 0,
    moneyOut: 0,
    net: 0,
    byKind: [],
  },
};

function server(
  rows: PayrollMonthReconciliation[],
  record: (request: MockRequest) => Response = () => json(201, { success: true, data: {} }),
) {
  return mockApi({
    'GET /admin/reconciliation': () => json(200, { success: true, data: BOOKS }),
    'GET /admin/payroll/reconciliation': ({ query }) =>
      listAnswer(
        rows.filter(
          (row) =>
            (!query.get('month') || row.month === query.get('month')) &&
            (!query.get('group') || row.payrollGroup?.code === query.get('group')),
        ),
      ),
    'POST /admin/payroll/remittances': record,
  });
}

const renderPage = (route = '/admin/reconciliation') =>
  renderRoutes(<Route path="/admin/reconciliation" element={<AdminReconciliationRoute />} />, {
    route,
  });

describe('Reconciliation: payroll months', () => {
  it('shows each month and group with deducted, remitted, outstanding and the state in words', async () => {
    server([OCTOBER, NO_GROUP, SEPTEMBER]);
    renderPage();
    const table = await screen.findByRole('table', {
      name: 'Payroll months: deducted and remitted',
    });
    const october = within(table).getByRole('row', { name: /^October 2026 Ministry of Finance/ });
    for (const text of [
      'October 2026',
      'MOF-HQ · 40 members',
      '₦1,000,000',
      '₦600,000',
      '₦400,000',
      'Partly remitted',
      'last Nov 05, 2026',
    ]) {
      expect(within(october).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(october).getByRole('button', {
        name: 'Record remittance from MOF-HQ for October 2026',
      }),
    ).toBeInTheDocument();
    // Remitted in full: nothing to record. Deducted with no group: no employer to record it from.
    const september = within(table).getByRole('row', {
      name: /^September 2026 Ministry of Finance/,
    });
    expect(within(september).getByText('Remitted')).toBeInTheDocument();
    expect(within(september).queryByRole('button')).not.toBeInTheDocument();
    const noGroup = within(table).getByRole('row', { name: /^October 2026 No payroll group/ });
    expect(within(noGroup).getByText('Not yet remitted')).toBeInTheDocument();
    expect(within(noGroup).getByText('1 member')).toBeInTheDocument();
    expect(within(noGroup).queryByRole('button')).not.toBeInTheDocument();
    expect(
      await screen.findByText('The payroll receivable equals what the posted months still owe'),
    ).toBeInTheDocument();
  });

  it("singles out the row the overview's link names", async () => {
    const api = server([OCTOBER, SEPTEMBER]);
    renderPage('/admin/reconciliation?month=2026-10&group=MOF-HQ');
    const table = await screen.findByRole('table', {
      name: 'Payroll months: deducted and remitted',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    const asked = api.callsTo('GET /admin/payroll/reconciliation')[0]?.query;
    expect(asked?.get('month')).toBe('2026-10');
    expect(asked?.get('group')).toBe('MOF-HQ');
  });

  it('says when no month is posted yet', async () => {
    server([]);
    renderPage();
    expect(await screen.findByText('No posted payroll months found')).toBeInTheDocument();
  });

  it('records a remittance: the outstanding amount by default, the month and group sent with it', async () => {
    const api = server([OCTOBER], () =>
      json(201, {
        success: true,
        data: {},
        message:
          'Remittance recorded: ₦400,000 from MOF-HQ for October 2026; October 2026 is remitted in full.',
      }),
    );
    const { user } = renderPage();
    const table = await screen.findByRole('table', {
      name: 'Payroll months: deducted and remitted',
    });
    await user.click(
      within(table).getByRole('button', { name: 'Record remittance from MOF-HQ for October 2026' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a remittance' }));
    expect(dialog.getByText('Ministry of Finance (MOF-HQ)')).toBeInTheDocument();
    expect(dialog.getByLabelText('Amount received (₦)')).toHaveValue(400_000);

    // The reference is required, with the API's words, and nothing is sent without it.
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(
      await dialog.findByText("Enter the bank's reference of the payment"),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/payroll/remittances')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Bank reference'), '  FT-MOF-1105 ');
    await user.clear(dialog.getByLabelText('Date received'));
    await user.type(dialog.getByLabelText('Date received'), '2026-11-05');
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = api.callsTo('POST /admin/payroll/remittances');
    expect(sent?.body).toEqual({
      month: '2026-10',
      payrollGroupId: MOF.id,
      amount: 400_000,
      receivedOn: '2026-11-05',
      reference: 'FT-MOF-1105',
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the refusal of an amount above what is outstanding under the amount', async () => {
    const message = 'Only ₦400,000 is still outstanding from MOF-HQ for October 2026';
    server([OCTOBER], () =>
      json(409, {
        success: false,
        error: 'Conflict',
        message,
        code: 'REMITTANCE_ABOVE_OUTSTANDING',
        details: [{ field: 'amount', message }],
        timestamp: '2026-11-20T09:00:00.000Z',
      }),
    );
    const { user } = renderPage();
    const table = await screen.findByRole('table', {
      name: 'Payroll months: deducted and remitted',
    });
    await user.click(
      within(table).getByRole('button', { name: 'Record remittance from MOF-HQ for October 2026' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a remittance' }));
    await user.type(dialog.getByLabelText('Bank reference'), 'FT-1');
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('Amount received (₦)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why the list could not be read', async () => {
    mockApi({
      'GET /admin/reconciliation': () => json(200, { success: true, data: BOOKS }),
      'GET /admin/payroll/reconciliation': () => apiError(500, 'Something went wrong'),
    });
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
