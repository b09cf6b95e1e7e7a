import type {
  ChangeRequest,
  DeductionInstruction,
  DeductionMonth,
  MyDeductions,
} from '@coop/shared/deductions';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fieldRefusal,
  json,
  listAnswer,
  mockApi,
  type MockRequest,
} from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { withToaster } from '../../../testing/toasts';
import DeductionsRoute from './deductions';

configure({ asyncUtilTimeout: 3000 });

const INSTRUCTION: DeductionInstruction = {
  id: '00000000-0000-4000-8000-000000000101',
  payrollGroup: {
    id: '00000000-0000-4000-8000-000000000201',
    code: 'MOF-HQ',
    name: 'Ministry of Finance HQ',
  },
  staffNumber: 'MOF/4471',
  savingsAmount: 20_000,
  shareAmount: 5_000,
  totalAmount: 25_000,
  effectiveMonth: '2026-01',
  source: 'demo',
  createdBy: null,
  createdAt: '2026-01-02T09:00:00.000Z',
};

const PENDING: ChangeRequest = {
  id: '00000000-0000-4000-8000-000000000301',
  savingsAmount: 30_000,
  shareAmount: 5_000,
  effectiveMonth: '2026-12',
  status: 'pending',
  autoApproved: false,
  decidedAt: null,
  rejectionReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const REJECTED: ChangeRequest = {
  ...PENDING,
  id: '00000000-0000-4000-8000-000000000302',
  savingsAmount: 2_000,
  effectiveMonth: '2026-10',
  status: 'rejected',
  decidedAt: '2026-09-22T09:00:00.000Z',
  rejectionReason: 'Your loan needs the savings at this level',
  createdAt: '2026-09-20T09:00:00.000Z',
};

const POLICY: MyDeductions['policy'] = {
  minSavings: 5_000,
  minShares: 1_000,
  changeCutOffDay: 20,
  nextChangeMonth: '2026-12',
};

const mine = (over: Partial<MyDeductions> = {}): MyDeductions => ({
  current: INSTRUCTION,
  upcoming: null,
  history: [INSTRUCTION],
  requests: [],
  policy: POLICY,
  ...over,
});

const month = (
  value: string,
  expected: number,
  deducted: number,
  kind: DeductionMonth['kind'],
  remittance: DeductionMonth['remittance'],
): DeductionMonth => ({
  month: value,
  expectedAmount: expected,
  deductedAmount: deducted,
  difference: deducted - expected,
  kind,
  remittance,
});

const MONTHS: DeductionMonth[] = [
  month('2026-10', 25_000, 25_000, 'matched', 'not_remitted'),
  month('2026-09', 25_000, 20_000, 'short', 'partly_remitted'),
  month('2026-08', 25_000, 27_000, 'over', 'remitted'),
  month('2026-07', 25_000, 0, 'missing', 'remitted'),
];

function server({
  deductions = mine(),
  months = MONTHS,
  onPost = () => json(500, {}),
}: {
  deductions?: MyDeductions;
  months?: DeductionMonth[];
  onPost?: (request: MockRequest) => Response;
} = {}) {
  return mockApi({
    'GET /users/deductions': () => json(200, { success: true, data: deductions }),
    'GET /users/deductions/months': () => listAnswer(months),
    'POST /users/deductions/change-requests': onPost,
    [`POST /users/deductions/change-requests/${PENDING.id}/cancel`]: () =>
      json(200, { success: true, data: { ...PENDING, status: 'cancelled' } }),
  });
}

const renderPage = () =>
  renderWithProviders(withToaster(<DeductionsRoute />), { route: '/deductions' });

describe('My payroll deductions page', () => {
  it('shows the instruction in effect and each posted month against it, in words', async () => {
    server();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My payroll deductions' }),
    ).toBeInTheDocument();
    const facts = (await screen.findByText('Payroll group')).closest('dl');
    expect(facts).not.toBeNull();
    const instruction = within(facts as HTMLElement);
    expect(instruction.getByText('Ministry of Finance HQ (MOF-HQ)')).toBeInTheDocument();
    expect(instruction.getByText('MOF/4471')).toBeInTheDocument();
    expect(instruction.getByText('₦20,000')).toBeInTheDocument();
    expect(instruction.getByText('₦5,000')).toBeInTheDocument();
    expect(instruction.getByText('₦25,000')).toBeInTheDocument();
    expect(instruction.getByText('January 2026')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Payroll months' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Month', 'Instruction', 'Deducted', 'Difference', 'Status', 'Remittance']);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('October 2026')).getByText('None')).toBeInTheDocument();
    expect(within(row('October 2026')).getByText('Matched')).toBeInTheDocument();
    expect(within(row('October 2026')).getByText('Not yet remitted')).toBeInTheDocument();
    expect(within(row('September 2026')).getByText('−₦5,000 less')).toBeInTheDocument();
    expect(within(row('September 2026')).getByText('Short')).toBeInTheDocument();
    expect(within(row('September 2026')).getByText('Partly remitted')).toBeInTheDocument();
    expect(within(row('August 2026')).getByText('+₦2,000 more')).toBeInTheDocument();
    expect(within(row('August 2026')).getByText('Over')).toBeInTheDocument();
    expect(within(row('August 2026')).getByText('Remitted')).toBeInTheDocument();
    expect(within(row('July 2026')).getByText('−₦25,000 less')).toBeInTheDocument();
    expect(within(row('July 2026')).getByText('Missing')).toBeInTheDocument();
  });

  it('says when no month is posted yet, and when there is no instruction', async () => {
    server({ deductions: mine({ current: null, history: [] }), months: [] });
    renderPage();
    expect(await screen.findByText('No payroll months posted yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each month the cooperative posts your employer’s deductions, it appears here with what your instruction expected.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'You have no payroll deduction instruction yet. The cooperative’s office sets it up with your employer’s payroll group.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a change' })).not.toBeInTheDocument();
  });

  it('shows an open request waiting for an officer, cancels it, and the last refusal with its reason', async () => {
    const api = server({ deductions: mine({ requests: [PENDING, REJECTED] }) });
    const { user } = renderPage();
    const open = within(await screen.findByRole('region', { name: 'Your change request' }));
    expect(open.getByText('Pending')).toBeInTheDocument();
    expect(open.getByText('Waiting for an officer to decide it.')).toBeInTheDocument();
    expect(open.getByText('₦30,000')).toBeInTheDocument();
    expect(open.getByText('₦35,000')).toBeInTheDocument();
    expect(open.getByText('December 2026')).toBeInTheDocument();
    // One open request at a time: no second one is offered.
    expect(screen.queryByRole('button', { name: 'Request a change' })).not.toBeInTheDocument();
    const last = within(screen.getByRole('region', { name: 'Your last change request' }));
    expect(last.getByText('Rejected')).toBeInTheDocument();
    expect(
      last.getByText('Savings ₦2,000, shares ₦5,000 from October 2026, decided on Sep 22, 2026.'),
    ).toBeInTheDocument();
    expect(last.getByText('Your loan needs the savings at this level')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your change request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Your change request was cancelled')).toBeInTheDocument();
    const [cancel] = api.callsTo(`POST /users/deductions/change-requests/${PENDING.id}/cancel`);
    expect(cancel?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a change: the minimums, the month it starts, the totals; a refusal goes under its field', async () => {
    let answer = fieldRefusal('shareAmount', 'Shares must be at least ₦2,000 a month');
    const api = server({ onPost: () => answer });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request a change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change' });
    expect(
      within(dialog).getByText(
        'A change asked for by the 20th of a month reaches that month’s payroll; after it, the next month’s. This one would take effect from December 2026.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('At least ₦5,000 a month')).toBeInTheDocument();
    expect(within(dialog).getByText('At least ₦1,000 a month')).toBeInTheDocument();
    const savings = within(dialog).getByLabelText('Monthly savings (₦)');
    const shares = within(dialog).getByLabelText('Monthly shares (₦)');
    expect(savings).toHaveValue(20_000);

    // The policy's minimum is checked before anything is sent.
    await user.clear(savings);
    await user.type(savings, '4000');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(
      await within(dialog).findByText('Savings must be at least ₦5,000 a month'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /users/deductions/change-requests')).toHaveLength(0);

    await user.clear(savings);
    await user.type(savings, '30000');
    expect(within(dialog).getByText('₦35,000')).toBeInTheDocument();
    // The server's refusal (a minimum raised meanwhile) under the field it is about.
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    const error = await within(dialog).findByText('Shares must be at least ₦2,000 a month');
    expect(shares).toHaveAccessibleDescription(/Shares must be at least ₦2,000 a month/);
    expect(error).toBeInTheDocument();

    answer = json(201, {
      success: true,
      data: { ...PENDING, shareAmount: 5_000 },
      message: 'Your change request was sent. An officer will decide it.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(
      await screen.findByText('Your change request was sent. An officer will decide it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('From December 2026')).toBeInTheDocument();
    const posts = api.callsTo('POST /users/deductions/change-requests');
    expect(posts.at(-1)?.body).toEqual({ savingsAmount: 30_000, shareAmount: 5_000 });
    // The same opening's retry carries the same key: never a second request.
    expect(posts[0]?.headers.get('Idempotency-Key')).toBe(
      posts.at(-1)?.headers.get('Idempotency-Key'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('says when the policy approved the change at once', async () => {
    server({
      onPost: () =>
        json(201, {
          success: true,
          data: { ...PENDING, savingsAmount: 21_000, status: 'approved', autoApproved: true },
        }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request a change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change' });
    const savings = within(dialog).getByLabelText('Monthly savings (₦)');
    await user.clear(savings);
    await user.type(savings, '21000');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(
      await screen.findByText('Your change was approved and takes effect as shown.'),
    ).toBeInTheDocument();
  }, 15_000);
});
