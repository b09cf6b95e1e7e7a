import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FilterDefinition, FilterValue, FilterValues } from '../../lib/list-filters';
import { FilterPanel } from './filter-panel';

const FILTERS: FilterDefinition[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'pending', label: 'Pending' },
      { value: 'confirmed', label: 'Confirmed' },
    ],
  },
  { key: 'contributionMonth', label: 'Month', type: 'month' },
  { key: 'paidOn', label: 'Paid on', type: 'date' },
  { key: 'dateRange', label: 'Date range', type: 'dateRange' },
  { key: 'minAmount', label: 'Min amount', type: 'number', formatValue: (v) => `₦${v}` },
];

/** The panel with its values held as a list page would hold them. */
function Harness({
  initial = {},
  initialSearch = '',
}: {
  initial?: FilterValues;
  initialSearch?: string;
}) {
  const [values, setValues] = useState<FilterValues>(initial);
  const [search, setSearch] = useState(initialSearch);
  return (
    <>
      <FilterPanel
        filters={FILTERS}
        values={values}
        onFilterChange={(key: string, value: FilterValue) =>
          setValues((current) => {
            const next = { ...current };
            if (value === undefined) delete next[key];
            else next[key] = value;
            return next;
          })
        }
        search={{ value: search, onChange: setSearch }}
        onReset={() => {
          setValues({});
          setSearch('');
        }}
      />
      <output data-testid="values">{JSON.stringify({ ...values, search })}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as object;
const toggle = () => screen.getByRole('button', { name: 'Filters' });
const chips = () => screen.queryByRole('list', { name: 'Active filters' });

describe('FilterPanel', () => {
  it("is collapsed by default under the heading 'Filters', and opens on demand", async () => {
    const user = userEvent.setup();
    render(<Harness />);

    expect(screen.getByRole('heading', { level: 2, name: 'Filters' })).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByText(/active$/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Status')).toBeVisible();
  });

  it('lays its fields out in 1, 2, 3 and 4 columns as the screen widens', () => {
    render(<Harness />);
    const grid = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(grid).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3', 'xl:grid-cols-4');
  });

  it('opens by itself when a filter is active, and again when one becomes active', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness initial={{ status: 'pending' }} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    unmount();

    render(<Harness />);
    await user.click(toggle());
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await user.click(screen.getByRole('button', { name: 'Remove Status filter' }));
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    // Typing a search makes a filter active: the collapsed panel opens again.
    await user.click(toggle());
    await user.type(screen.getByLabelText('Search'), 'March');
    await user.click(toggle());
    await waitFor(() => expect(values()).toMatchObject({ search: 'March' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it("counts the active filters, the search included: 'N active'", () => {
    render(
      <Harness
        initialSearch="March"
        initial={{
          status: 'pending',
          contributionMonth: '   ',
          dateRange: { start: undefined, end: undefined },
          minAmount: '1000',
        }}
      />,
    );
    expect(screen.getByText('3 active')).toBeInTheDocument();
  });

  it('shows each active filter as a chip, its label cut to 3 letters on small screens', () => {
    render(
      <Harness
        initialSearch="March"
        initial={{
          status: 'pending',
          contributionMonth: '2025-03',
          paidOn: '2025-03-05',
          dateRange: { start: '2025-03-01', end: '2025-03-31' },
          minAmount: '1000',
        }}
      />,
    );
    const items = within(chips() as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'SeaSearch: March',
      'StaStatus: Pending',
      'MonMonth: March 2025',
      'PaiPaid on: Mar 05, 2025',
      'DatDate range: Mar 01 - Mar 31',
      'MinMin amount: ₦1000',
    ]);
    const status = within(items[1] as HTMLElement);
    expect(status.getByText('Sta')).toHaveClass('sm:hidden');
    expect(status.getByText('Sta')).toHaveAttribute('aria-hidden', 'true');
    expect(status.getByText('Status')).toHaveClass('sr-only', 'sm:not-sr-only');
  });

  it("reads an open-ended range as 'From' or 'Until'", () => {
    render(<Harness initial={{ dateRange: { start: '2025-03-01' } }} />);
    expect(chips()).toHaveTextContent('Date range: From Mar 01');
  });

  it('removes one filter with its chip, and everything with Reset', async () => {
    const user = userEvent.setup();
    render(<Harness initialSearch="March" initial={{ status: 'pending', minAmount: '1000' }} />);

    await user.click(screen.getByRole('button', { name: 'Remove Status filter' }));
    expect(values()).toEqual({ minAmount: '1000', search: 'March' });
    await user.click(screen.getByRole('button', { name: 'Remove Search filter' }));
    expect(values()).toEqual({ minAmount: '1000', search: '' });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(values()).toEqual({ search: '' });
    expect(chips()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Min amount')).toHaveValue(null);
  });

  it("offers 'Select {label}', 'Pick a date', 'Start date' and 'End date' until chosen", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(toggle());

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Status', 'Pending', 'Confirmed']);
    expect(screen.getByRole('button', { name: 'Paid on: Pick a date' })).toHaveTextContent(
      'Pick a date',
    );
    const range = screen.getByRole('group', { name: 'Date range' });
    expect(within(range).getByRole('button', { name: 'Start date' })).toBeInTheDocument();
    expect(within(range).getByRole('button', { name: 'End date' })).toBeInTheDocument();
  });

  it('shows a picked date as a long date', () => {
    render(<Harness initial={{ paidOn: '2025-03-05', dateRange: { end: '2025-03-31' } }} />);
    expect(screen.getByRole('button', { name: 'Paid on: March 5, 2025' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End date: March 31, 2025' })).toBeInTheDocument();
  });

  it('picks a date from a calendar that starts on Sunday and shows outside days', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ paidOn: '2025-03-05' }} />);

    await user.click(screen.getByRole('button', { name: 'Start date' }));
    // The calendar is a lazy chunk: its first import may take a while on a busy machine.
    const calendar = await screen.findByRole('grid', {}, { timeout: 5000 });
    // The weekday row is hidden from screen readers (each day's button names its weekday).
    const weekdays = [...calendar.querySelectorAll('thead th')];
    expect(weekdays.map((day) => day.getAttribute('aria-label'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    const firstDay = calendar.querySelector('[data-day]')?.getAttribute('data-day') ?? '';
    expect(new Date(`${firstDay}T12:00:00`).getDay()).toBe(0);
    // Days of the neighbouring months fill the first and last weeks, and can be picked.
    const outside = [...calendar.querySelectorAll('[data-outside]')];
    expect(outside.length).toBeGreaterThan(0);
    expect(within(outside[0] as HTMLElement).getByRole('button')).toBeEnabled();

    const day = within(calendar)
      .getAllByRole('gridcell')
      .find((cell) => !cell.hasAttribute('data-outside'));
    const picked = day?.getAttribute('data-day') ?? '';
    await user.click(within(day as HTMLElement).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(values()).toMatchObject({ dateRange: { start: picked } });
    expect(screen.getByRole('button', { name: /^Start date: / })).toHaveFocus();
  });
});
