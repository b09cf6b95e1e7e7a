import type { Reconciliation } from '@coop/shared/back-office';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReconciliationView } from './reconciliation-view';

const mismatch = (n: number) => ({
  userId: `00000000-0000-4000-8000-00000000000${n}`,
  membershipId: `M000${n}`,
  projected: { savings: 100, shares: 0, loans: 0 },
  ledger: { savings: 90, shares: 0, loans: 0 },
});

const data = (
  mismatches: Reconciliation['projection']['mismatches'],
  payrollReceivable = { receivable: 45_000, outstanding: 45_000, matches: true },
): Reconciliation => ({
  asOf: '2026-03-10T09:00:00.000Z',
  trialBalance: { accounts: [], totalDebit: 0, totalCredit: 0, balanced: true },
  projection: { members: 5, mismatches, matches: mismatches.length === 0 },
  payrollReceivable,
  cashFlow: {
    startDate: '2026-03-01',
    endDate: '2026-03-10',
    moneyIn: 0,
    moneyOut: 0,
    net: 0,
    byKind: [],
  },
});

describe('ReconciliationView', () => {
  it('counts the accounts whose balances differ in words, never "account(s)"', () => {
    const { unmount } = render(<ReconciliationView data={data([mismatch(1)])} />);
    expect(screen.getByText('1 account differs from the ledger')).toBeInTheDocument();
    unmount();
    render(<ReconciliationView data={data([mismatch(1), mismatch(2)])} />);
    expect(screen.getByText('2 accounts differ from the ledger')).toBeInTheDocument();
    expect(screen.queryByText(/\(s\)/)).not.toBeInTheDocument();
  });

  it('says it counts every account, officers’ too, unlike the overview’s members', () => {
    render(<ReconciliationView data={data([])} />);
    expect(
      screen.getByText('All 5 accounts’ balances equal the ledger (members’ and officers’)'),
    ).toBeInTheDocument();
  });

  it('holds the payroll receivable against what the posted months still owe', () => {
    const { unmount } = render(<ReconciliationView data={data([])} />);
    expect(
      screen.getByText('The payroll receivable equals what the posted months still owe'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Receivable in the ledger ₦45,000 · Outstanding from employers ₦45,000'),
    ).toBeInTheDocument();
    unmount();
    render(
      <ReconciliationView
        data={data([], { receivable: 50_000, outstanding: 45_000, matches: false })}
      />,
    );
    expect(
      screen.getByText('The payroll receivable differs from what the posted months still owe'),
    ).toBeInTheDocument();
  });
});
