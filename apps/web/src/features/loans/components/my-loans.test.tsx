import type { Loan } from '@coop/shared/loans';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, listAnswer, mockApi, type MockRequest } from '../../../testing/fetch-mock';
import {
  ELIGIBILITY,
  guarantor,
  loan,
  CANDIDATE,
  server,
  renderLoans,
  location,
  fixtures,
  NO_PROGRESS,
} from './loans-page-fixtures';
import { setViewportWidth } from '../../../testing/viewport';

configure({ asyncUtilTimeout: 3000 });

describe('My Loans', () => {
  it('marks a loan with overdue instalments and opens the loan a link names (?loan=)', async () => {
    const { repaid } = fixtures();
    const item = (month: number, status: 'paid' | 'overdue' | 'pending') => ({
      month,
      dueDate: `2026-0${month}-25`,
      principalAmount: 8_000,
      interestAmount: 750,
      totalAmount: 8_750,
      remainingBalance: 52_500 - month * 8_750,
      status,
    });
    const running: Loan = {
      ...loan('LN-000004', 'Restocking my provisions shop', 'disbursed', [
        guarantor('Bayo', 'accepted'),
      ]),
      outstandingBalance: 43_750,
      repaymentSchedule: {
        scheduleItems: [item(1, 'overdue'), item(2, 'overdue'), item(3, 'pending')],
        totalRepaymentAmount: 52_500,
        monthlyPaymentAmount: 8_750,
      },
    };
    server([running, repaid]);
    renderLoans('/loans?loan=LN-000004');
    const row = (await screen.findByText('Restocking my provisions shop')).closest('tr');
    expect(within(row as HTMLElement).getByText('2 overdue instalments')).toBeInTheDocument();
    const other = screen.getByText('School fees for the new term').closest('tr');
    expect(within(other as HTMLElement).queryByText(/overdue/)).toBeNull();
    // The linked loan is open; the other is not.
    expect(
      within(row as HTMLElement).getByRole('button', { name: 'Hide Details of LN-000004' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Details of LN-000004' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Details of LN-000011' })).toBeNull();
    // Role queries over an open loan's two tables take seconds in jsdom on a shared machine.
  }, 20_000);

  it("shows a loan's path in its details: steps with who and when, who it waits for, what is next", async () => {
    const approved: Loan = {
      ...loan('LN-000006', 'A deep freezer for the shop', 'approved', [
        { ...guarantor('Bayo', 'accepted'), responseDate: '2026-11-21T09:00:00.000Z' },
        { ...guarantor('Chidi', 'accepted'), responseDate: '2026-11-22T09:00:00.000Z' },
      ]),
      progress: {
        ...NO_PROGRESS,
        underReviewAt: '2026-11-22T09:00:00.000Z',
        certifications: [
          { decision: 'approve', certifiedAt: '2026-11-23T09:00:00.000Z' },
          { decision: 'approve', certifiedAt: '2026-11-24T09:00:00.000Z' },
        ],
        decidedAt: '2026-11-24T09:00:00.000Z',
        disbursementRequestedAt: '2026-11-25T09:00:00.000Z',
      },
    };
    server([approved]);
    renderLoans('/loans?loan=LN-000006');
    const details = await screen.findByRole('region', { name: 'Details of LN-000006' });
    const progress = within(details);
    expect(progress.getByRole('heading', { name: 'Progress' })).toBeInTheDocument();
    expect(progress.getByText('2 of 2 accepted')).toBeInTheDocument();
    expect(progress.getByText('Bayo Musa: accepted Nov 21')).toBeInTheDocument();
    expect(progress.getByText('2 of 2 certifications')).toBeInTheDocument();
    expect(progress.getByText('Approved')).toBeInTheDocument();
    expect(progress.getByText('A second officer confirms the payout')).toBeInTheDocument();
    expect(progress.getByText('Waiting for').nextSibling).toHaveTextContent('A second officer');
    expect(progress.getByText('Next').nextSibling).toHaveTextContent(
      'A second officer confirms the payout; then the money reaches you',
    );
  }, 20_000);

  it('opens a linked loan that is not on the first page: searches for it by its ID', async () => {
    const { repaid } = fixtures();
    const later = loan('LN-000002', 'A second-hand tricycle', 'approved', [
      guarantor('Bayo', 'accepted'),
    ]);
    const api = mockApi({
      'GET /users/loans/eligibility': () => json(200, { success: true, data: ELIGIBILITY }),
      // Page 1 holds newer loans; LN-000002 is further down the list.
      'GET /users/loans': (request: MockRequest) =>
        request.query.get('search') === 'LN-000002' ? listAnswer([later]) : listAnswer([repaid]),
      'GET /users/guarantees': () => listAnswer([], { summary: { availableSavings: 0 } }),
    });
    renderLoans('/loans?loan=LN-000002');
    // Two answers in a row (the first page, then the search): allow a busy machine its time.
    const button = await screen.findByRole(
      'button',
      { name: 'Hide Details of LN-000002' },
      { timeout: 10_000 },
    );
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Details of LN-000002' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toMatch(/search=LN-000002/);
    expect(screen.getByTestId('location').textContent).toMatch(/loan=LN-000002/);
    expect(
      api
        .callsTo('GET /users/loans')
        .filter((call) => call.query.get('status') === null) // not the page's pending-loans check
        .map((call) => call.query.get('search')),
    ).toEqual([null, 'LN-000002']);
  }, 20_000);

  it('filters from the panel into the URL, with the active badge, chips, status empty state and Reset', async () => {
    const { pending, repaid } = fixtures();
    const api = server([pending, repaid]);
    const { user } = renderLoans();
    expect(await screen.findByText('School fees for the new term')).toBeInTheDocument();
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.click(filters);
    // docs/member-portal.md §2: status, request date range, min and max amount, and the search.
    expect(within(panel).getByLabelText('Search')).toHaveAttribute(
      'placeholder',
      'Loan ID or purpose',
    );
    expect(within(panel).getByRole('button', { name: /Start date/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /End date/ })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Min amount')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Max amount')).toBeInTheDocument();

    await user.selectOptions(within(panel).getByLabelText('Status'), 'repaid');
    await waitFor(() => expect(location()).toBe('/loans?status=repaid'));
    expect(within(panel).getByText('1 active')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Market stall and first stock')).not.toBeInTheDocument(),
    );
    expect(api.callsTo('GET /users/loans').at(-1)?.query.get('status')).toBe('repaid');

    await user.type(within(panel).getByLabelText('Min amount'), '20000');
    await waitFor(() => expect(location()).toBe('/loans?status=repaid&minAmount=20000'));
    await waitFor(() =>
      expect(api.callsTo('GET /users/loans').at(-1)?.query.get('minAmount')).toBe('20000'),
    );
    expect(within(panel).getByText('2 active')).toBeInTheDocument();
    const chips = within(within(panel).getByRole('list', { name: 'Active filters' }));
    expect(chips.getByText(/₦20,000/)).toBeInTheDocument();
    await user.click(chips.getByRole('button', { name: 'Remove Min amount filter' }));
    await waitFor(() => expect(location()).toBe('/loans?status=repaid'));

    await user.selectOptions(within(panel).getByLabelText('Status'), 'defaulted');
    expect(await screen.findByText('No loans found')).toBeInTheDocument();
    expect(screen.getByText('No loans with status Defaulted')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location()).toBe('/loans'));
    expect(await screen.findByText('Market stall and first stock')).toBeInTheDocument();
    // The reset list is the first one again (answered from the cache): the spec's defaults.
    expect(screen.queryByText('School fees for the new term')).toBeInTheDocument();
    expect(
      api.callsTo('GET /users/loans').map((call) => Object.fromEntries(call.query)),
    ).toContainEqual({
      page: '1',
      limit: '10',
      sortBy: 'requestDate',
      sortOrder: 'desc',
    });
  }, 20_000);

  it('reads its filters from the URL, and says so when the member has no loans at all', async () => {
    server([]);
    renderLoans('/loans?status=repaid&search=fees');
    expect(await screen.findByText('No loans with status Repaid')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Filters' })).toHaveTextContent('2 active');
    server([]);
    renderLoans('/loans');
    const why = await screen.findByText("You haven't requested any loans yet.");
    // One empty state: the reason sits in the same box as 'No loans found', not stacked below.
    expect(why.parentElement).toContainElement(
      screen.getAllByText('No loans found').at(-1) ?? null,
    );
  });

  it('offers the mobile search dialog with every filter, applied at once', async () => {
    setViewportWidth(390);
    const { pending, repaid } = fixtures();
    const api = server([pending, repaid]);
    const { user } = renderLoans();
    await screen.findByText('School fees for the new term');
    // The dialog stands in for the panel: a phone has no panel hidden beside it.
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search & filter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Search loans' }));
    expect(dialog.getByLabelText('Min amount')).toBeInTheDocument();
    expect(dialog.getByLabelText('Max amount')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: /Start date/ })).toBeInTheDocument();
    expect(
      within(dialog.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All Status',
      'Pending',
      'Under Review',
      'Approved',
      'Rejected',
      'Disbursed',
      'Repaid',
      'Defaulted',
    ]);
    await user.type(dialog.getByLabelText('Search'), 'school');
    await user.selectOptions(dialog.getByLabelText('Status'), 'repaid');
    expect(location()).toBe('/loans');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toBe('/loans?search=school&status=repaid'));
    await waitFor(() =>
      expect(api.callsTo('GET /users/loans').at(-1)?.query.get('search')).toBe('school'),
    );
  });

  it("offers 'Reassign' on a declined place never reassigned, and reassigns it from the details", async () => {
    const { pending, secondTry } = fixtures();
    const api = server([pending, secondTry]);
    const { user } = renderLoans();
    await screen.findByText('Fishing nets for the season');
    await user.click(screen.getByRole('button', { name: 'View Details of LN-000032' }));
    const again = screen.getByRole('region', { name: 'Details of LN-000032' });
    expect(within(again).getByText('Kemi Musa')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: /^Reassign/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Details of LN-000031' }));
    const details = screen.getByRole('region', { name: 'Details of LN-000031' });
    expect(within(details).getAllByRole('button', { name: /^Reassign/ })).toHaveLength(1);
    await user.click(within(details).getByRole('button', { name: 'Reassign Hadiza Musa' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Reassign Guarantor' }));
    expect(dialog.getByText('Hadiza Musa')).toBeInTheDocument();
    expect(dialog.getByPlaceholderText('Search by name, email, or membership ID...')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Reassign Guarantor' }));
    expect(await dialog.findByText('Please select a new guarantor')).toBeInTheDocument();
    await user.click(await dialog.findByRole('button', { name: /Ebiere Tamuno/ }));
    await user.click(dialog.getByRole('button', { name: 'Reassign Guarantor' }));
    expect(await screen.findByText('Guarantor reassigned successfully')).toBeInTheDocument();
    const [call] = api.callsTo(
      'POST /users/guarantees/00000000-0000-4000-8000-000000000002/reassign',
    );
    expect(call?.body).toEqual({
      newGuarantorUserId: CANDIDATE.id,
      guarantorId: '00000000-0000-4000-8000-000000000002',
    });
  }, 20_000);

  it('shows the schedule and history as a list of cards too (phones), and explains the balances', async () => {
    setViewportWidth(390);
    const { pending } = fixtures();
    const running: Loan = {
      ...loan('LN-000040', 'Poultry feed', 'disbursed', [guarantor('Obinna', 'accepted')]),
      outstandingBalance: 43_750,
      repaymentSchedule: {
        scheduleItems: [
          {
            month: 1,
            dueDate: '2026-12-20',
            principalAmount: 8_334,
            interestAmount: 416,
            totalAmount: 8_750,
            remainingBalance: 43_750,
            status: 'paid',
          },
        ],
        totalRepaymentAmount: 52_500,
        monthlyPaymentAmount: 8_750,
      },
      repaymentRecords: [
        {
          id: '20000000-0000-4000-8000-000000000001',
          paymentDate: '2026-12-18',
          amount: 8_750,
          paymentMethod: 'payroll',
          bankDetails: null,
          repaymentType: 'regular',
          isEarlyPayment: true,
          status: 'confirmed',
          newBalance: 43_750,
        },
      ],
    };
    server([pending, running]);
    const { user } = renderLoans();
    await screen.findByText('Poultry feed');

    await user.click(screen.getByRole('button', { name: 'View Details of LN-000031' }));
    const waiting = within(screen.getByRole('region', { name: 'Details of LN-000031' }));
    // A loan not paid out owes nothing yet: no bare ₦0.
    expect(waiting.getByText('Nothing yet: starts when the loan is paid out')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Details of LN-000040' }));
    const details = within(screen.getByRole('region', { name: 'Details of LN-000040' }));
    expect(
      details.getByText(
        'Balance is what is left to repay after each instalment, interest included.',
      ),
    ).toBeInTheDocument();
    // Below 768 px each instalment and each repayment is a card of label and value.
    const schedule = within(details.getByRole('list', { name: 'Repayment schedule of LN-000040' }));
    const [instalment] = schedule.getAllByRole('listitem');
    expect(instalment).toHaveTextContent('Balance₦43,750');
    const history = within(details.getByRole('list', { name: 'Repayment history of LN-000040' }));
    expect(history.getByText('Early payment')).toBeInTheDocument();
  });

  it('/guarantees/invite opens the reassign dialog for the declined place', async () => {
    const { pending, secondTry } = fixtures();
    server([secondTry, pending]);
    renderLoans('/guarantees/invite', 'invite-guarantor');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign Guarantor' });
    // Not Kemi, whose place was already reassigned once.
    expect(within(dialog).getByText('Hadiza Musa')).toBeInTheDocument();
  });
});
