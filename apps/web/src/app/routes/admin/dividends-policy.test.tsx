import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { json, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';

const view = { policy: DEFAULT_POLICY, updatedAt: null, updatedBy: null, isDefault: true };

// The whole app renders, and each form downloads its validation on first use: slow under load.
describe('the back office: dividends and policy', { timeout: 20_000 }, () => {
  it('previews a dividend in percent (sent as basis points) and declares it with a key', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/dividends': () => json(200, { success: true, data: [] }),
      'POST /admin/dividends/preview': () =>
        json(200, {
          success: true,
          data: {
            dividendYear: 2025,
            rateBps: 750,
            asOf: '2025-12-31',
            rows: [
              {
                userId: '00000000-0000-4000-8000-000000000001',
                membershipId: 'M0001',
                name: 'Ada Obi',
                shareHolding: 1_000.01,
                amount: 75,
              },
            ],
            totals: { members: 1, shareHolding: 1_000.01, amount: 75, retainedByRounding: 0 },
          },
        }),
      'POST /admin/dividends': () =>
        json(200, {
          success: true,
          data: {
            dividendYear: 2025,
            dividendPeriod: 'FY 2025',
            rateBps: 750,
            issuedDate: '2026-03-10',
            paidDate: null,
            members: 1,
            amount: 75,
            paidAmount: 0,
            status: 'calculated',
          },
          message: 'The 2025 dividend was declared for 1 member. Nothing is paid until you pay it.',
        }),
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/dividends');
    expect(
      await screen.findByText('No dividends declared yet', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Financial year'));
    await user.type(screen.getByLabelText('Financial year'), '2025');
    await user.type(screen.getByLabelText('Rate (%)'), '7.555');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Enter the rate in percent, like 10 or 7.5'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/dividends/preview')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Rate (%)'));
    await user.type(screen.getByLabelText('Rate (%)'), '7.5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'Preview: FY 2025 at 7.5%' })).toBeVisible();
    expect(api.callsTo('POST /admin/dividends/preview')[0]?.body).toEqual({
      dividendYear: 2025,
      rateBps: 750,
    });
    // Whole naira, like every other figure (the preview's ₦1,000.01 reads ₦1,000).
    expect(screen.getAllByText('₦1,000').length).toBeGreaterThan(0);
    expect(screen.queryByText(/₦[\d,]+\.\d/)).not.toBeInTheDocument();

    // Declaring cannot be undone: the button asks first, restating what is declared.
    await user.click(screen.getByRole('button', { name: 'Declare FY 2025 dividend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Declare the FY 2025 dividend?' });
    expect(confirm).toHaveTextContent('₦75 at 7.5% for 1 member.');
    expect(api.callsTo('POST /admin/dividends')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Declare' }));
    await waitFor(() => expect(api.callsTo('POST /admin/dividends')).toHaveLength(1));
    const declare = api.callsTo('POST /admin/dividends')[0];
    expect(declare?.body).toEqual({ dividendYear: 2025, rateBps: 750 });
    expect(declare?.headers.get('Idempotency-Key')).toMatch(/.+/);
  });

  it('edits the policy in percent and naira, confirms the changes, and sends basis points and kobo', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/policy': () => json(200, { success: true, data: view }),
      'PUT /admin/policy': (request) =>
        json(200, {
          success: true,
          data: { ...view, policy: request.body, isDefault: false },
          message:
            'Policy saved. It applies to new requests; loans and fines already made keep their terms.',
        }),
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/policy');
    const interest = await screen.findByLabelText(
      'Interest on 12-month loans (% flat)',
      undefined,
      { timeout: 5000 },
    );
    expect(interest).toHaveValue('10');
    expect(screen.getByLabelText('Form fee (₦)')).toHaveValue('1000');
    // The payroll's allocation rule, stated read-only (docs/decisions/155-payroll-actuals.md).
    expect(screen.getByRole('heading', { name: 'Payroll deductions' })).toBeInTheDocument();
    expect(
      screen.getByText(/one total per member, it goes to the loan instalment due first/),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Insurance fee (% of the amount)'));
    await user.type(screen.getByLabelText('Insurance fee (% of the amount)'), 'one');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Enter a percentage, like 5 or 2.5')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Insurance fee (% of the amount)'));
    await user.type(screen.getByLabelText('Insurance fee (% of the amount)'), '1.25');
    await user.clear(screen.getByLabelText('Form fee (₦)'));
    await user.type(screen.getByLabelText('Form fee (₦)'), '1500.50');
    await user.click(screen.getByLabelText('Fine late loan repayments automatically'));
    await user.click(screen.getByRole('button', { name: 'Save policy' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save the policy?' });
    expect(within(dialog).getByText('1 % → 1.25 %')).toBeInTheDocument();
    expect(within(dialog).getByText('₦1,000 → ₦1,500.5')).toBeInTheDocument();
    expect(within(dialog).getByText('No → Yes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save 3 changes' }));

    await waitFor(() => expect(api.callsTo('PUT /admin/policy')).toHaveLength(1));
    const saved = api.callsTo('PUT /admin/policy')[0];
    expect(saved?.headers.get('Idempotency-Key')).toMatch(/.+/);
    expect(saved?.body).toEqual({
      ...DEFAULT_POLICY,
      loan: { ...DEFAULT_POLICY.loan, insuranceFeeBps: 125, formFeeKobo: 150_050 },
      fine: {
        ...DEFAULT_POLICY.fine,
        lateRepaymentFine: { ...DEFAULT_POLICY.fine.lateRepaymentFine, enabled: true },
      },
    });
  });
});
