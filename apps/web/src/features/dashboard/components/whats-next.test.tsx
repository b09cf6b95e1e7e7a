import type { CurrentLoan, FinancialSummary, NextUp } from '@coop/shared/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AvailableToWithdraw, CurrentLoanSummary, SavingsOverTime, WhatsNext } from './whats-next';

const NOTHING: NextUp = { overdue: null, nextInstalment: null, guarantorRequest: null };

describe("What's next", () => {
  it('leads with money already late, in red with its age in words, then the next instalment and a guarantee to answer', () => {
    renderWithProviders(
      <WhatsNext
        nextUp={{
          overdue: {
            loanId: 'LN-000009',
            amount: 12_000,
            instalments: 1,
            since: '2026-11-15',
            daysOverdue: 12,
          },
          nextInstalment: {
            loanId: 'LN-000009',
            month: 1,
            ofMonths: 12,
            dueDate: '2026-12-26',
            amount: 18_332,
          },
          guarantorRequest: {
            count: 2,
            loanId: 'LN-000012',
            borrower: 'Bayo Adeyemi',
            amount: 100_000,
            deadline: '2026-12-03',
          },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: "What's next" })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '₦12,000 overdue on LN-000009 (1 instalment)12 days overdueSee the loan',
      '₦18,332 due Dec 26 (LN-000009, instalment 1 of 12)See the loan',
      'Bayo Adeyemi asked you to guarantee ₦100,000 (LN-000012)Answer by Dec 03, and 1 more request to answerAnswer',
    ]);
    // Red, with the words saying what it is: colour is never the only sign.
    expect(items[0]).toHaveClass('text-danger-soft-foreground');
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'See the loan' }),
    ).toHaveAttribute('href', '/loans?loan=LN-000009');
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Answer' })).toHaveAttribute(
      'href',
      '/loans?tab=guarantor-requests&search=LN-000012',
    );
  });

  it('says when nothing is due', () => {
    renderWithProviders(<WhatsNext nextUp={NOTHING} />);
    expect(
      screen.getByText('Nothing due. No instalment to pay and no request to answer.'),
    ).toBeInTheDocument();
  });
});

const SUMMARY: FinancialSummary = {
  totalSavings: 125_000,
  totalShareHolding: 55_000,
  availableBalance: 75_000,
  frozenAmount: 50_000,
  outstandingLoans: 0,
  totalDividends: 0,
  totalFines: 0,
  held: [
    { account: 'savings', reason: 'guarantee', amount: 30_000 },
    { account: 'savings', reason: 'withdrawal', amount: 20_000 },
  ],
};

describe('Available to withdraw', () => {
  it('shows the one hero figure with each amount held and why', () => {
    renderWithProviders(<AvailableToWithdraw summary={SUMMARY} />);
    expect(screen.getByRole('heading', { name: 'Available to withdraw' })).toBeInTheDocument();
    expect(screen.getByText('₦75,000')).toBeInTheDocument();
    expect(screen.getByText('₦30,000 held for the loans you guarantee')).toBeInTheDocument();
    expect(screen.getByText('₦20,000 held for your pending withdrawal')).toBeInTheDocument();
  });

  it('says when nothing is held', () => {
    renderWithProviders(<AvailableToWithdraw summary={{ ...SUMMARY, held: [] }} />);
    expect(screen.getByText('None of your savings is held.')).toBeInTheDocument();
  });
});

const OPEN_REQUEST: CurrentLoan = {
  id: '10000000-0000-4000-8000-000000000012',
  loanId: 'LN-000012',
  purpose: 'Freezer and generator for my cold room',
  requestedAmount: 300_000,
  repaymentTermMonths: 6,
  status: 'pending',
  requestDate: '2026-11-23T09:00:00.000Z',
  guarantors: [
    {
      firstName: 'Chidi',
      lastName: 'Eze',
      status: 'accepted',
      invitationDate: '2026-11-23T09:00:00.000Z',
      responseDate: '2026-11-24T09:00:00.000Z',
    },
    {
      firstName: 'Ada',
      lastName: 'Obi',
      status: 'pending',
      invitationDate: '2026-11-23T09:00:00.000Z',
      responseDate: null,
    },
  ],
  progress: {
    certificationsRequired: 2,
    certifications: [],
    underReviewAt: null,
    decidedAt: null,
    rejectionReason: null,
    disbursementRequestedAt: null,
    disbursedAt: null,
    repaidAt: null,
    instalmentsPaid: 0,
    instalmentsTotal: 0,
    nextInstalment: null,
  },
};

describe('the current loan on the dashboard', () => {
  it('shows the open request as steps with who and when, who it waits for and what comes next', () => {
    renderWithProviders(<CurrentLoanSummary loan={OPEN_REQUEST} />);
    expect(screen.getByRole('heading', { name: 'Your loan LN-000012' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    const steps = [...document.querySelectorAll('ol > li')].map(
      (step) => step.querySelector('.font-medium')?.textContent,
    );
    expect(steps).toEqual([
      'Requested',
      'Guarantors',
      'Review',
      'Approval',
      'Disbursement',
      'Repayment',
    ]);
    expect(screen.getByText('You asked for ₦300,000 over 6 months')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 accepted')).toBeInTheDocument();
    expect(screen.getByText('Chidi Eze: accepted Nov 24')).toBeInTheDocument();
    expect(screen.getByText('Ada Obi: not answered yet (asked Nov 23)')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 certifications')).toBeInTheDocument();
    expect(screen.getByText('0 of 6 instalments paid')).toBeInTheDocument();
    expect(screen.getByText('Waiting for').nextSibling).toHaveTextContent('Ada Obi');
    expect(screen.getByText('Next').nextSibling).toHaveTextContent(
      'Ada Obi to accept or decline; then the loan reviewers certify it',
    );
    // Each step's state is in words for screen readers, not in the icon alone.
    expect(screen.getByText('Guarantors').nextSibling).toHaveTextContent('(In progress)');
    expect(screen.getByRole('link', { name: 'See the loan' })).toHaveAttribute(
      'href',
      '/loans?loan=LN-000012',
    );
  });
});

describe('Savings over time', () => {
  it('draws the months and gives screen readers a summary and a table of the same figures', () => {
    renderWithProviders(
      <SavingsOverTime
        months={[
          { month: '2026-10', savings: 100_000, shares: 50_000 },
          { month: '2026-11', savings: 125_000, shares: 55_000 },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Savings over time' })).toBeInTheDocument();
    expect(
      screen.getByRole('figure', {
        name: 'From October 2026 to November 2026, your savings went from ₦100,000 to ₦125,000 and your share holding from ₦50,000 to ₦55,000.',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Savings over time' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthSavingsShare holding',
      'October 2026₦100,000₦50,000',
      'November 2026₦125,000₦55,000',
    ]);
  });

  it('says when there is nothing to chart yet', () => {
    renderWithProviders(<SavingsOverTime months={[]} />);
    expect(
      screen.getByText('Your savings chart starts with your first contribution.'),
    ).toBeInTheDocument();
  });
});
