import type { DividendDeclaration } from '@coop/shared/dividends';
import type { OfficerJob } from '@coop/shared/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { withToaster } from '../../../../testing/toasts';
import { officerJob } from '../../../../testing/officer-jobs';
import { DividendDeclarations } from './dividends-view';

const DECLARED: DividendDeclaration = {
  dividendYear: 2025,
  dividendPeriod: 'FY 2025',
  rateBps: 1_000,
  issuedDate: '2026-01-15',
  paidDate: null,
  members: 2,
  amount: 3_500,
  paidAmount: 0,
  status: 'calculated',
};

const JOB_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

const job = (fields: Partial<OfficerJob>) => officerJob(JOB_ID, 'dividends.pay', fields);

const PAID = 'The FY 2025 dividend of ₦3,500 was paid to 2 members.';

const renderPage = () => renderWithProviders(withToaster(<DividendDeclarations />));

async function openPay() {
  // The table and the phone's list each have the row's Pay.
  const [pay] = await screen.findAllByRole('button', { name: 'Pay the FY 2025 dividend' });
  await userEvent.click(pay as HTMLElement);
  return screen.findByRole('dialog', { name: 'Pay the FY 2025 dividend?' });
}

describe('Dividend declarations', () => {
  it('shows the payment’s progress while its job runs, then the outcome and the year paid', async () => {
    const paid: DividendDeclaration = {
      ...DECLARED,
      status: 'paid',
      paidAmount: 3_500,
      paidDate: '2026-03-31',
    };
    const states = [
      job({ state: 'running', done: 1 }),
      job({ state: 'succeeded', done: 2, result: paid, message: PAID }),
    ];
    let finished = false;
    const api = mockApi({
      'GET /admin/dividends': () =>
        json(200, { success: true, data: [finished ? paid : DECLARED] }),
      'POST /admin/dividends/2025/pay': () =>
        json(
          202,
          { success: true, data: job({ state: 'queued' }), message: 'Started' },
          { Location: `/api/v1/admin/jobs/${JOB_ID}` },
        ),
      [`GET /admin/jobs/${JOB_ID}`]: () => {
        const state = states.length > 1 ? states.shift() : states[0];
        finished = state?.state === 'succeeded';
        return json(200, { success: true, data: state });
      },
    });
    renderPage();
    const dialog = await openPay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦3,500' }));

    expect(await within(dialog).findByText('Paying… 1 of 2 members')).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Paying progress' })).toHaveAttribute(
      'value',
      '1',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape does not close the dialog while the members are being paid.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Pay the FY 2025 dividend?' })).toBeVisible();
    expect(await screen.findByText(PAID, {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is asked again: the year shows paid, with no Pay.
    await expect
      .poll(() => screen.queryAllByRole('button', { name: 'Pay the FY 2025 dividend' }))
      .toHaveLength(0);
    expect(api.callsTo('POST /admin/dividends/2025/pay')).toHaveLength(1);
  }, 20_000);

  it('says in the dialog why a payment job failed, and says it again when Pay is pressed again', async () => {
    const failure =
      '1 of 2 members were paid before the payment stopped; pay again to pay the rest.';
    const api = mockApi({
      'GET /admin/dividends': () => json(200, { success: true, data: [DECLARED] }),
      'POST /admin/dividends/2025/pay': () =>
        json(202, { success: true, data: job({ state: 'queued' }) }),
      [`GET /admin/jobs/${JOB_ID}`]: () =>
        json(200, {
          success: true,
          data: job({
            state: 'failed',
            done: 1,
            error: { code: 'CONFLICT', message: failure, details: [] },
          }),
        }),
    });
    renderPage();
    const dialog = await openPay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦3,500' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(failure);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    // Pressed again in the same opening: the same Idempotency-Key, so the API answers the same
    // job, already failed and already read; the dialog says so again rather than wait for ever.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦3,500' }));
    await expect.poll(() => api.callsTo('POST /admin/dividends/2025/pay')).toHaveLength(2);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(failure);
    expect(await within(dialog).findByRole('button', { name: 'Pay ₦3,500' })).toBeEnabled();
    const [first, second] = api.callsTo('POST /admin/dividends/2025/pay');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });
});
