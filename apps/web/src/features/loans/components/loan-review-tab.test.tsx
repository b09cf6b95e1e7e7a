import type { UnderReviewLoan } from '@coop/shared/loans';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listBody } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import type { useLoansUnderReview } from '../api/get-loans-under-review';
import { LoanReviewTab } from './loan-review-tab';

const REVIEWER = '00000000-0000-4000-8000-0000000000aa';

const UNDER_REVIEW: UnderReviewLoan = {
  id: '10000000-0000-4000-8000-000000000008',
  loanId: 'LN-000008',
  applicant: {
    firstName: 'Chidi',
    lastName: 'Eze',
    email: 'chidi@demo.coop',
    membershipId: 'M0003',
  },
  requestedAmount: 200_000,
  purpose: 'A deep freezer for the shop',
  repaymentTermMonths: 12,
  createdAt: '2026-11-20T09:00:00.000Z',
  requiredCertifications: 2,
  remainingCertifications: 2,
  certifications: [],
};

/** The tab is handed its query by the page; a settled one is enough here. */
const settled = (rows: UnderReviewLoan[]) =>
  ({
    isPending: false,
    isError: false,
    error: null,
    data: listBody(rows),
  }) as unknown as ReturnType<typeof useLoansUnderReview>;

describe('Loan Review tab, opened from a notification (?loan=)', () => {
  it('marks the loan the link names', () => {
    renderWithProviders(<LoanReviewTab query={settled([UNDER_REVIEW])} reviewerId={REVIEWER} />, {
      route: '/loans?tab=loan-review&loan=LN-000008',
    });
    expect(document.querySelector('[data-loan="LN-000008"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when that loan is no longer under review', () => {
    renderWithProviders(<LoanReviewTab query={settled([UNDER_REVIEW])} reviewerId={REVIEWER} />, {
      route: '/loans?tab=loan-review&loan=LN-000007',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Loan LN-000007 is no longer waiting for your review: you have certified it, or the reviewers have decided it.',
    );
    // The loans still under review stay listed below.
    expect(screen.getByText('LN-000008')).toBeInTheDocument();
  });

  it('says so above the empty list too', () => {
    renderWithProviders(<LoanReviewTab query={settled([])} reviewerId={REVIEWER} />, {
      route: '/loans?tab=loan-review&loan=LN-000007',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loan LN-000007 is no longer waiting');
  });
});

const SECOND: UnderReviewLoan = {
  ...UNDER_REVIEW,
  id: '10000000-0000-4000-8000-000000000009',
  loanId: 'LN-000009',
  applicant: { ...UNDER_REVIEW.applicant, firstName: 'Oluwaseun', lastName: 'Adeyemi-Bankole' },
  requestedAmount: 1_250_000,
  purpose: '',
};

describe('Loan Review cards', () => {
  it('lay every card out alike: the same facts, labelled, in the same order', () => {
    renderWithProviders(
      <LoanReviewTab query={settled([UNDER_REVIEW, SECOND])} reviewerId={REVIEWER} />,
      { route: '/loans?tab=loan-review' },
    );
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const labels = within(card)
        .getAllByRole('term')
        .map((term) => term.textContent);
      expect(labels).toEqual(['Applicant', 'Requested amount', 'Requested on']);
    }
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('Oluwaseun Adeyemi-Bankole')).toBeInTheDocument();
    expect(second.getByText('₦1,250,000')).toBeInTheDocument();
  });
});

describe('Loan Review decisions', () => {
  it.each([
    ['Approve', 'Approve loan'],
    ['Reject', 'Reject loan'],
  ])('%s restates the loan, the applicant and the amount being decided', async (button, title) => {
    const { user } = renderWithProviders(
      <LoanReviewTab query={settled([UNDER_REVIEW, SECOND])} reviewerId={REVIEWER} />,
      { route: '/loans?tab=loan-review' },
    );
    const second = screen.getAllByRole('article')[1] as HTMLElement;
    await user.click(within(second).getByRole('button', { name: button }));
    const dialog = within(await screen.findByRole('dialog', { name: title }));
    expect(dialog.getByText('LN-000009')).toBeInTheDocument();
    expect(dialog.getByText('Oluwaseun Adeyemi-Bankole')).toBeInTheDocument();
    expect(dialog.getByText('₦1,250,000')).toBeInTheDocument();
    expect(dialog.queryByText('LN-000008')).toBeNull();
  });
});
