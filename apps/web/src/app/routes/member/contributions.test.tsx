import type { Contribution } from '@coop/shared/contributions';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, json, listAnswer, mockApi, type MockRequest } from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import { findToast, withToaster } from '../../../testing/toasts';
import ContributionsRoute from './contributions';
// The list's dialogs are fetched on the first press; loaded here with the test file, so a test's
// time is not spent compiling them on a loaded machine.
import '../../../features/contributions/components/confirm-contributions-dialog';
import '../../../features/contributions/components/dispute-contribution-dialog';
import { setViewportWidth } from '../../../testing/viewport';

// Each test drives several requests, debounced fields and re-renders; on a busy two-core machine
// running the whole suite they take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 3000 });

const idOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** A contribution for a month of 2025 ('2025-03' for 3), pending unless told otherwise. */
function buildContribution(month: number, overrides: Partial<Contribution> = {}): Contribution {
  const id = idOf(month);
  const contributionMonth = `2025-${String(month).padStart(2, '0')}`;
  return {
    id,
    _id: id,
    contributionMonth,
    contributionDate: `${contributionMonth}-05`,
    savingsAmount: 10_000,
    shareHoldingAmount: 5_000,
    totalAmount: 15_000,
    status: 'pending',
    disputeDate: null,
    disputeResolvedBy: null,
    ...overrides,
  };
}

/** 30 pending contributions, one page and a bit at the default size. */
const MANY = Array.from({ length: 30 }, (_, index) =>
  buildContribution(index + 1, {
    contributionMonth: `2023-${String((index % 12) + 1).padStart(2, '0')}`,
  }),
);

const MIXED = [
  buildContribution(4),
  buildContribution(3),
  buildContribution(2, { status: 'confirmed' }),
  buildContribution(1, {
    status: 'disputed',
    disputeDate: '2025-02-10T09:00:00.000Z',
  }),
  buildContribution(11, {
    contributionMonth: '2024-11',
    contributionDate: '2024-11-05',
    status: 'confirmed',
    disputeResolvedBy: idOf(99),
  }),
];

/** A small contributions API: filters by status, pages the rows, confirms and disputes them. */
function contributionsServer(initial: Contribution[]) {
  let rows = initial;
  const list = ({ query }: MockRequest) => {
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const status = query.get('status');
    const matching = status ? rows.filter((row) => row.status === status) : rows;
    return listAnswer(matching.slice((page - 1) * limit, page * limit), {
      page,
      limit,
      totalItems: matching.length,
    });
  };
  const confirm = ({ body }: MockRequest) => {
    const { contributionIds } = body as { contributionIds: string | string[] };
    const ids = typeof contributionIds === 'string' ? [contributionIds] : contributionIds;
    rows = rows.map((row) => (ids.includes(row.id) ? { ...row, status: 'confirmed' } : row));
    return json(200, {
      success: true,
      data: { contributions: rows.filter((row) => ids.includes(row.id)) },
      message: `${ids.length} contribution(s) confirmed successfully`,
    });
  };
  const handlers: Record<string, (request: MockRequest) => Response> = {
    'GET /users/contributions': list,
    'POST /users/contributions/confirm': confirm,
  };
  for (const row of initial) {
    handlers[`POST /users/contributions/${row.id}/dispute`] = () => {
      rows = rows.map((entry) =>
        entry.id === row.id
          ? { ...entry, status: 'disputed', disputeDate: '2026-03-06T09:00:00.000Z' }
          : entry,
      );
      return json(200, { success: true, data: rows.find((entry) => entry.id === row.id) });
    };
  }
  return handlers;
}

/** The browser's Back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const renderPage = (route = '/contributions') =>
  renderRoutes(
    <Route
      path="/contributions"
      element={withToaster(
        <>
          <ContributionsRoute />
          <LocationProbe />
          <BackButton />
        </>,
      )}
    />,
    { route },
  );

const location = () => screen.getByTestId('location').textContent;
/** The URL's search parameters, in any order. */
const urlParams = () => Object.fromEntries(new URLSearchParams(location()?.split('?')[1] ?? ''));
const table = () => within(screen.getByRole('table', { name: 'Contributions' }));
const rowOf = (month: string) =>
  table().getByRole('cell', { name: month }).closest('tr') as HTMLElement;
const lastQuery = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.callsTo('GET /users/contributions').at(-1)?.query ?? []);

describe('contributions page', { timeout: 20_000 }, () => {
  it('shows the title, the columns and the rows, newest first, 25 per page', async () => {
    const api = mockApi(contributionsServer(MIXED));
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Contributions' })).toBeInTheDocument();
    expect(
      screen.getByText('Manage your monthly savings and share holding contributions.'),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Contributions' });
    expect(
      table()
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Month', 'Date', 'Savings', 'Share Holdings', 'Total', 'Status', 'Actions']);
    expect(
      within(rowOf('March 2025'))
        .getAllByRole('cell')
        .slice(1, 7)
        .map((cell) => cell.textContent),
    ).toEqual(['March 2025', 'Mar 05, 2025', '₦10,000', '₦5,000', '₦15,000', 'Pending']);
    expect(lastQuery(api)).toEqual({
      page: '1',
      limit: '25',
      sortBy: 'contributionDate',
      sortOrder: 'desc',
    });
    expect(screen.getByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
  });

  it('says where voluntary deposits are listed, with a link to that page', async () => {
    contributionsServer(MIXED);
    renderPage();
    const line = await screen.findByText(
      /Voluntary deposits are listed under Your deposit notices/,
    );
    expect(line).toHaveTextContent(
      'This list shows your payroll deductions. Voluntary deposits are listed under Your deposit notices on Make Contribution; once verified, each is a contribution in Transaction History, dated the day of the transfer.',
    );
    expect(within(line).getByRole('link', { name: 'Make Contribution' })).toHaveAttribute(
      'href',
      '/contributions/new',
    );
    expect(within(line).getByRole('link', { name: 'Transaction History' })).toHaveAttribute(
      'href',
      '/transactions',
    );
  });

  it('on a phone, lists one line a row by month with its total, and opens a row into every column', async () => {
    setViewportWidth(390);
    mockApi(
      contributionsServer([
        buildContribution(4, { totalAmount: 15_000.25 }),
        // March's contribution paid in April: listed under the day it was paid.
        buildContribution(3, {
          contributionDate: '2025-04-01',
          totalAmount: 14_999.75,
          status: 'confirmed',
        }),
        buildContribution(2),
      ]),
    );
    const { user } = renderPage();

    const april = await screen.findByRole('list', { name: 'April 2025 Total +₦30,000' });
    expect(
      within(april)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual([
      'April 2025 contributionApr 05, 2025 · Pending+₦15,000',
      'March 2025 contributionApr 01, 2025+₦15,000',
    ]);
    // A pending row keeps its checkbox beside the row, named after it.
    expect(within(april).getByRole('checkbox')).toHaveAccessibleName(
      'Select April 2025 contribution',
    );
    expect(screen.getByRole('list', { name: 'February 2025 Total +₦15,000' })).toBeInTheDocument();

    await user.click(within(april).getByRole('button', { name: /^March 2025 contribution/ }));
    const details = screen.getByRole('dialog', { name: 'March 2025 contribution' });
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Month', 'Date', 'Savings', 'Share Holdings', 'Total', 'Status']);
    expect(within(details).getByRole('button', { name: /Dispute/ })).toBeInTheDocument();
  });

  it('reads its filters from the URL, sends them, and shows them in the open panel', async () => {
    const api = mockApi(contributionsServer(MIXED));
    renderPage(
      '/contributions?search=March&status=pending&contributionMonth=2025-03' +
        '&startDate=2025-03-01&endDate=2025-03-31&minAmount=1000&maxAmount=20000&page=2',
    );

    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        page: '2',
        limit: '25',
        sortBy: 'contributionDate',
        sortOrder: 'desc',
        search: 'March',
        status: 'pending',
        contributionMonth: '2025-03',
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        minAmount: '1000',
        maxAmount: '20000',
      }),
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('6 active')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'SeaSearch: March',
      'StaStatus: Pending',
      'MonMonth: March 2025',
      'DatDate range: Mar 01 - Mar 31',
      'MinMin amount: ₦1,000',
      'MaxMax amount: ₦20,000',
    ]);
  });

  it('writes filter changes to the URL and the request, back on page 1', async () => {
    const api = mockApi(contributionsServer(MANY));
    const { user } = renderPage('/contributions?page=2');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() => expect(location()).toBe('/contributions?status=confirmed'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: '1', status: 'confirmed' }));

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2025-02' } });
    await user.type(screen.getByLabelText('Search'), 'Feb');
    await user.type(screen.getByLabelText('Min amount'), '5000');
    await waitFor(() =>
      expect(urlParams()).toEqual({
        status: 'confirmed',
        contributionMonth: '2025-02',
        search: 'Feb',
        minAmount: '5000',
      }),
    );
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({
        page: '1',
        status: 'confirmed',
        contributionMonth: '2025-02',
        search: 'Feb',
        minAmount: '5000',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Month filter' }));
    await waitFor(() =>
      expect(urlParams()).toEqual({ status: 'confirmed', search: 'Feb', minAmount: '5000' }),
    );

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location()).toBe('/contributions'));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('filters from the search dialog on small screens: Search, Status and Month', async () => {
    setViewportWidth(390);
    const api = mockApi(contributionsServer(MIXED));
    const { user } = renderPage();
    await screen.findByRole('list', { name: /^April 2025/ });
    // The dialog stands in for the panel: a phone has no panel hidden beside it.
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search & filter' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Search contributions' }));
    expect(
      within(dialog.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'Pending', 'Confirmed', 'Disputed', 'Resolved']);
    expect(dialog.getByLabelText('Month')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Search'), 'April');
    await user.selectOptions(dialog.getByLabelText('Status'), 'pending');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(location()).toBe('/contributions?search=April&status=pending'));
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ search: 'April', status: 'pending' }),
    );

    await user.click(screen.getByRole('button', { name: /^Search & filter/ }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(location()).toBe('/contributions'));
  });

  it('pages through the list and changes the page size', async () => {
    const api = mockApi(contributionsServer(MANY));
    const { user } = renderPage();

    expect(await screen.findByText('Showing 1 to 25 of 30 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 26 to 30 of 30 results')).toBeInTheDocument();
    expect(location()).toBe('/contributions?page=2');
    expect(lastQuery(api)).toMatchObject({ page: '2', limit: '25' });

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(location()).toBe('/contributions'));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(location()).toBe('/contributions?page=2'));

    await user.selectOptions(screen.getByLabelText('Rows per page'), '10');
    await waitFor(() => expect(location()).toBe('/contributions?limit=10'));
    expect(await screen.findByText('Showing 1 to 10 of 30 results')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '1', limit: '10' });
  });

  it('moves a link to a page past the end to the last page', async () => {
    const api = mockApi(contributionsServer(MANY));
    renderPage('/contributions?page=7');

    await waitFor(() => expect(location()).toBe('/contributions?page=2'));
    expect(await screen.findByText('Showing 26 to 30 of 30 results')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '2' });
  });

  it('keeps the page on Back while the previous answer is still on screen', async () => {
    mockApi(contributionsServer(MANY));
    const { user, queryClient } = renderPage('/contributions?page=2');
    expect(await screen.findByText('Showing 26 to 30 of 30 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    expect(await screen.findByText('No contributions found')).toBeInTheDocument();

    // Page 2 is no longer cached: while it loads, the one-page answer of the filter stays on
    // screen, and must not be read as "page 2 does not exist".
    queryClient.removeQueries({ type: 'inactive' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Showing 26 to 30 of 30 results')).toBeInTheDocument();
    expect(location()).toBe('/contributions?page=2');
  });

  it('lets only pending rows be selected, and select-all selects only them', async () => {
    mockApi(contributionsServer(MIXED));
    const { user } = renderPage();
    await screen.findByRole('table');

    expect(
      table()
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual([
      'Select all pending contributions',
      'Select April 2025 contribution',
      'Select March 2025 contribution',
    ]);
    expect(screen.getByText('Select pending contributions to confirm them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await user.click(table().getByRole('checkbox', { name: 'Select all pending contributions' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(table().getByRole('checkbox', { name: 'Select April 2025 contribution' })).toBeChecked();
    expect(table().getByRole('checkbox', { name: 'Select March 2025 contribution' })).toBeChecked();
  });

  it('confirms one contribution, sending its id as a string', async () => {
    const api = mockApi(contributionsServer(MIXED));
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('checkbox', { name: 'Select March 2025 contribution' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm contributions' }));
    expect(
      dialog.getByText('Once confirmed, these contributions cannot be disputed.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('March 2025')).toBeInTheDocument();

    const listCalls = api.callsTo('GET /users/contributions').length;
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    await findToast('Success', '1 contribution(s) confirmed successfully');
    expect(api.callsTo('POST /users/contributions/confirm')[0]?.body).toEqual({
      contributionIds: idOf(3),
    });
    // The list is fetched afresh: March is confirmed now, and the selection is gone.
    await waitFor(() =>
      expect(within(rowOf('March 2025')).getByText('Confirmed')).toBeInTheDocument(),
    );
    expect(api.callsTo('GET /users/contributions').length).toBeGreaterThan(listCalls);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Select pending contributions to confirm them.')).toBeInTheDocument();
    expect(
      table().getByRole('checkbox', { name: 'Select April 2025 contribution' }),
    ).not.toBeChecked();
  });

  it('confirms several contributions, sending their ids as an array', async () => {
    const api = mockApi(contributionsServer(MIXED));
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('checkbox', { name: 'Select all pending contributions' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(/before you confirm all 2\.$/),
    ).toBeInTheDocument();
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );

    await findToast('Success', '2 contribution(s) confirmed successfully');
    expect(api.callsTo('POST /users/contributions/confirm')[0]?.body).toEqual({
      contributionIds: [idOf(4), idOf(3)],
    });
    // The Confirm button is disabled now (nothing selected): focus goes on from the list, not
    // the page's body.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Contributions list' })).toHaveFocus(),
    );
  });

  it("says why a confirmation failed: the server message, or 'Failed to confirm contributions'", async () => {
    const api = mockApi({
      ...contributionsServer(MIXED),
      'POST /users/contributions/confirm': () =>
        apiError(409, 'March 2025 is no longer pending', 'CONFLICT'),
    });
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('checkbox', { name: 'Select March 2025 contribution' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await findToast('Error', 'March 2025 is no longer pending');
    expect(api.callsTo('POST /users/contributions/confirm')).toHaveLength(1);
  });

  it("falls back to 'Failed to confirm contributions'", async () => {
    mockApi({
      ...contributionsServer(MIXED),
      'POST /users/contributions/confirm': () => new Response(null, { status: 500 }),
    });
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('checkbox', { name: 'Select March 2025 contribution' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await findToast('Error', 'Failed to confirm contributions');
  });

  it('offers Dispute only on confirmed rows never disputed nor resolved', async () => {
    mockApi(contributionsServer(MIXED));
    renderPage();
    await screen.findByRole('table');

    expect(
      table()
        .getAllByRole('button', { name: /^Dispute/ })
        .map((button) => button.textContent),
    ).toEqual(['Dispute February 2025 contribution']);
  });

  it('disputes a contribution with a reason of 10 to 500 characters', async () => {
    const api = mockApi(contributionsServer(MIXED));
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('button', { name: 'Dispute February 2025 contribution' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute contribution' }));
    expect(dialog.getByText(/cannot be undone/)).toBeInTheDocument();
    const reason = dialog.getByLabelText('Reason for dispute');
    const submit = dialog.getByRole('button', { name: 'Submit Dispute' });
    // The minimum is shown beside the count (the dialog kit's one reason behaviour).
    expect(dialog.getByText('0/500 characters, at least 10')).toBeInTheDocument();
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(submit).toBeDisabled();

    // Spaces around the reason do not count toward the 10 characters.
    await user.type(reason, '   Too short   ');
    expect(dialog.getByText('15/500 characters, at least 10')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(reason);
    await user.type(reason, '  Share holding was ₦2,000 on my payslip  ');
    expect(submit).toBeEnabled();
    const listCalls = api.callsTo('GET /users/contributions').length;
    await user.click(submit);

    await findToast('Dispute Submitted', 'Your dispute has been submitted and will be reviewed');
    expect(api.callsTo(`POST /users/contributions/${idOf(2)}/dispute`)[0]?.body).toEqual({
      reason: 'Share holding was ₦2,000 on my payslip',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(rowOf('February 2025')).getByText('Disputed')).toBeInTheDocument(),
    );
    expect(api.callsTo('GET /users/contributions').length).toBeGreaterThan(listCalls);
  });

  it("keeps the reason when a dispute fails, saying the server message or 'Failed to submit dispute'", async () => {
    mockApi({
      ...contributionsServer(MIXED),
      [`POST /users/contributions/${idOf(2)}/dispute`]: () => new Response(null, { status: 500 }),
    });
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(table().getByRole('button', { name: 'Dispute February 2025 contribution' }));
    await user.type(await screen.findByLabelText('Reason for dispute'), 'The amount is wrong');
    await user.click(screen.getByRole('button', { name: 'Submit Dispute' }));

    await findToast('Error', 'Failed to submit dispute');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason for dispute')).toHaveValue('The amount is wrong');
  });

  it('shows a load failure inline and as a toast', async () => {
    mockApi({ 'GET /users/contributions': () => apiError(500, 'Database unavailable') });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await findToast('Error', 'Database unavailable');
  });

  it("falls back to 'Failed to fetch contributions', and tries again on demand", async () => {
    let fail = true;
    mockApi({
      ...contributionsServer(MIXED),
      'GET /users/contributions': (request) =>
        fail
          ? new Response(null, { status: 503 })
          : contributionsServer(MIXED)['GET /users/contributions']!(request),
    });
    const { user } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch contributions');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it("says 'No contributions found' and 'No items to display' when there are none", async () => {
    mockApi(contributionsServer([]));
    renderPage();

    expect(await screen.findByText('No contributions found')).toBeInTheDocument();
    expect(screen.getByText('No items to display')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
