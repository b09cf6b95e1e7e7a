import type { PayrollPreview, PayrollVariance } from '@coop/shared/payroll';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { VarianceReport } from './variance-report';

const lines = (savings: number, shares: number, instalment = 0, fines = 0) => ({
  savings,
  shares,
  instalment,
  fines,
  total: savings + shares + instalment + fines,
});

const member = (
  membershipId: string,
  memberName: string,
  kind: PayrollVariance['kind'],
  expected: ReturnType<typeof lines>,
  deducted: ReturnType<typeof lines>,
): PayrollVariance => ({
  line: kind === 'missing' ? null : 2,
  membershipId,
  memberName,
  payrollGroup: kind === 'unexpected' ? null : 'MOF-HQ',
  staffNumber: null,
  kind,
  expected,
  deducted,
  difference: deducted.total - expected.total,
});

const counts = { matched: 1, short: 1, over: 0, missing: 1, unexpected: 1 };
const PREVIEW: PayrollPreview = {
  fileName: 'may.csv',
  month: '2025-05',
  errors: [],
  rows: [],
  totals: {
    rows: 4,
    members: 4,
    newRows: 3,
    alreadyPosted: 0,
    errorRows: 0,
    savings: 48_000,
    shares: 5_000,
    total: 53_000,
    repayments: 0,
    expected: 62_000,
    deducted: 53_000,
    difference: -9_000,
  },
  format: 'itemised',
  variances: [
    member('M0001', 'Ada Obi', 'matched', lines(20_000, 5_000), lines(20_000, 5_000)),
    member('M0002', 'Bayo Ade', 'short', lines(20_000, 5_000), lines(20_000, 0)),
    member('M0004', 'Dayo Ola', 'missing', lines(10_000, 2_000), lines(0, 0)),
    member('M0005', 'Efe Udo', 'unexpected', lines(0, 0), lines(8_000, 0)),
  ],
  groups: [
    {
      code: 'MOF-HQ',
      name: 'Ministry of Finance HQ',
      members: 3,
      expected: 62_000,
      deducted: 45_000,
      difference: -17_000,
      counts: { ...counts, unexpected: 0 },
    },
    {
      code: null,
      name: 'No payroll group',
      members: 1,
      expected: 0,
      deducted: 8_000,
      difference: 8_000,
      counts: { matched: 0, short: 0, over: 0, missing: 0, unexpected: 1 },
    },
  ],
  counts,
};

describe('the payroll variance report', () => {
  it('shows each payroll group’s totals and its members by kind', () => {
    renderWithProviders(<VarianceReport preview={PREVIEW} />);
    const groups = screen.getByRole('table', { name: 'Totals per payroll group' });
    const hq = within(groups).getByRole('row', { name: /MOF-HQ/ });
    expect(hq).toHaveTextContent('Ministry of Finance HQ');
    expect(hq).toHaveTextContent('₦62,000');
    expect(hq).toHaveTextContent('₦45,000');
    expect(hq).toHaveTextContent('-₦17,000');
    expect(hq).toHaveTextContent('1 matched, 1 short, 1 missing');
    expect(within(groups).getByRole('row', { name: /No payroll group/ })).toHaveTextContent(
      '+₦8,000',
    );
  });

  it('lists each member with the kind as a status and the lines that differ', () => {
    renderWithProviders(<VarianceReport preview={PREVIEW} />);
    const members = screen.getByRole('table', { name: 'Members, deducted against expected' });
    const bayo = within(members).getByRole('row', { name: /Bayo Ade/ });
    expect(bayo).toHaveTextContent('Short');
    expect(bayo).toHaveTextContent('Shares: ₦5,000 expected, ₦0 deducted');
    expect(bayo).toHaveTextContent('-₦5,000');
    expect(within(members).getByRole('row', { name: /Dayo Ola/ })).toHaveTextContent('Missing');
    expect(within(members).getByRole('row', { name: /Efe Udo/ })).toHaveTextContent('Unexpected');
  });

  it('filters the members by kind', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VarianceReport preview={PREVIEW} />);
    const filter = screen.getByLabelText('Show members');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All (4)', 'Matched (1)', 'Short (1)', 'Over (0)', 'Missing (1)', 'Unexpected (1)']);
    await user.selectOptions(filter, 'missing');
    const members = screen.getByRole('table', { name: 'Members, deducted against expected' });
    expect(within(members).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(within(members).getByRole('row', { name: /Dayo Ola/ })).toBeInTheDocument();
    await user.selectOptions(filter, 'over');
    expect(screen.getByText('No member is over.')).toBeInTheDocument();
  });
});
