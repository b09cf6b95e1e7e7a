import type { PayrollPreview } from '@coop/shared/payroll';
import type { OfficerJob } from '@coop/shared/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import {
  csvFile as csvFileOf,
  jobStarted,
  jobStates,
  officerJob,
} from '../../../../testing/officer-jobs';
import { PayrollView } from './payroll-view';

const PREVIEW: PayrollPreview = {
  fileName: 'march.csv',
  month: '2026-03',
  errors: [],
  rows: [
    {
      line: 2,
      membershipId: 'M0001',
      memberName: 'Ada Obi',
      month: '2026-03',
      savings: 20_000,
      shares: 5_000,
      total: 25_000,
      repayment: 17_500,
      loanNumber: 'LN-000003',
      fines: 0,
      deducted: 42_500,
      status: 'new',
      errors: [],
    },
    {
      line: 3,
      membershipId: 'M0002',
      memberName: 'Bayo Adeyemi',
      month: '2026-03',
      savings: 10_000,
      shares: 0,
      total: 10_000,
      repayment: 0,
      loanNumber: null,
      fines: 0,
      deducted: 10_000,
      status: 'new',
      errors: [],
    },
  ],
  totals: {
    rows: 2,
    members: 2,
    newRows: 2,
    alreadyPosted: 0,
    errorRows: 0,
    savings: 30_000,
    shares: 5_000,
    total: 35_000,
    repayments: 17_500,
    expected: 0,
    deducted: 52_500,
    difference: 52_500,
  },
  format: 'itemised',
  variances: [],
  groups: [],
  counts: { matched: 0, short: 0, over: 0, missing: 0, unexpected: 0 },
};

const csvFile = (text: string) => csvFileOf(text, 'march.csv');

const JOB_ID = '6f1c3a52-9a51-4c3e-8f7e-1d2b3c4d5e6f';

const job = (fields: Partial<OfficerJob>) => officerJob(JOB_ID, 'payroll.post', fields);

const POSTED =
  'Posted 2 contributions for March 2026. The members were asked to confirm. Loan repayments of ₦17,500 were recorded.';

describe('Payroll page', () => {
  it('shows each row’s loan repayment and loan, and the repayment total, before Post; then the posting’s progress, and after it only the outcome', async () => {
    const result = {
      month: '2026-03',
      posted: 2,
      alreadyPosted: 0,
      savings: 30_000,
      shares: 5_000,
      total: 35_000,
      repayments: 17_500,
    };
    const api = mockApi({
      'POST /admin/payroll/preview': () => json(200, { success: true, data: PREVIEW }),
      'POST /admin/payroll': () => jobStarted(job({ state: 'queued' })),
      // The job as the status endpoint tells it: running (1 of 2), then succeeded.
      [`GET /admin/jobs/${JOB_ID}`]: jobStates(
        job({ state: 'running', done: 1 }),
        job({ state: 'succeeded', done: 2, result, message: POSTED }),
      ),
    });
    renderWithProviders(<PayrollView />);
    const file = csvFile(
      'membershipId,month,savings,shares,repayment\nM0001,2026-03,20000,5000,17500\n',
    );
    await userEvent.upload(screen.getByLabelText('Payroll file'), file);

    const table = await screen.findByRole('table', { name: 'Payroll rows' });
    expect(within(table).getByRole('columnheader', { name: 'Loan repayment' })).toBeVisible();
    const ada = within(table).getByRole('row', { name: /Ada Obi/ });
    expect(ada).toHaveTextContent('₦17,500');
    expect(ada).toHaveTextContent('LN-000003');
    expect(screen.getByText('Loan repayments to post').nextSibling).toHaveTextContent('₦17,500');

    await userEvent.click(screen.getByRole('button', { name: 'Post March 2026' }));
    expect(await screen.findByText('Posting… 1 of 2 rows')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Posting progress' })).toHaveAttribute(
      'value',
      '1',
    );
    expect(await screen.findByText(POSTED, {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByText(/Posting…/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payroll rows' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post March 2026' })).not.toBeInTheDocument();
    // Asked once a second while running, not after it ended.
    const asked = api.callsTo(`GET /admin/jobs/${JOB_ID}`).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.callsTo(`GET /admin/jobs/${JOB_ID}`)).toHaveLength(asked);
  }, 20_000);

  it('says why a posting job failed, and how far it got', async () => {
    const failure =
      '1 of 2 rows were posted before the posting stopped; upload the file again to post the rest (rows already posted are skipped). The file was not posted: 1 problem to fix';
    mockApi({
      'POST /admin/payroll/preview': () => json(200, { success: true, data: PREVIEW }),
      'POST /admin/payroll': () => jobStarted(job({ state: 'queued' })),
      [`GET /admin/jobs/${JOB_ID}`]: jobStates(
        job({
          state: 'failed',
          done: 1,
          error: { code: 'CSV_REJECTED', message: failure, details: [] },
        }),
      ),
    });
    renderWithProviders(<PayrollView />);
    await userEvent.upload(
      screen.getByLabelText('Payroll file'),
      csvFile('membershipId,month,savings,shares\nM0001,2026-03,20000,5000\n'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Post March 2026' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(failure);
  });

  it('leaves the repayment columns out when the file has none', async () => {
    const withoutRepayments: PayrollPreview = {
      ...PREVIEW,
      rows: PREVIEW.rows.map((row) => ({ ...row, repayment: 0, loanNumber: null })),
      totals: { ...PREVIEW.totals, repayments: 0 },
    };
    mockApi({
      'POST /admin/payroll/preview': () => json(200, { success: true, data: withoutRepayments }),
    });
    renderWithProviders(<PayrollView />);
    await userEvent.upload(
      screen.getByLabelText('Payroll file'),
      csvFile('membershipId,month,savings,shares\nM0001,2026-03,20000,5000\n'),
    );
    const table = await screen.findByRole('table', { name: 'Payroll rows' });
    expect(within(table).queryByRole('columnheader', { name: 'Loan repayment' })).toBeNull();
    expect(screen.queryByText('Loan repayments to post')).toBeNull();
  });
});
