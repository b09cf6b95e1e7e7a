import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../testing/viewport';
import { DataTable, type DataTableColumn, type MoneyRow } from './data-table';

type Fine = { id: string; reason: string; amount: number; status: 'pending' | 'paid' };

const FINES: Fine[] = [
  { id: 'a', reason: 'Late repayment', amount: 5000, status: 'pending' },
  { id: 'b', reason: 'Missed meeting', amount: 1000, status: 'paid' },
  { id: 'c', reason: 'Late contribution', amount: 2000, status: 'pending' },
];

const columns: DataTableColumn<Fine>[] = [
  { id: 'reason', header: 'Reason', cell: (row) => row.reason },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => `₦${row.amount}` },
  { id: 'status', header: 'Status', cell: (row) => row.status },
];

function Harness({ withSelection = true }: { withSelection?: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <DataTable
        caption="Fines"
        columns={columns}
        rows={FINES}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.reason} fine`}
        selection={
          withSelection
            ? {
                selectedIds: selected,
                onSelectedIdsChange: setSelected,
                isRowSelectable: (row) => row.status === 'pending',
                selectAllLabel: 'Select all pending fines',
              }
            : undefined
        }
        rowActions={(row) => (row.status === 'pending' ? <button type="button">Pay</button> : null)}
      />
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
    </>
  );
}

const table = () => within(screen.getByRole('table', { name: 'Fines' }));
const cards = () => within(screen.getByRole('list', { name: 'Fines' }));

describe('DataTable', () => {
  it('draws a real table from the md breakpoint up, from the column definitions, and no cards', () => {
    render(<Harness withSelection={false} />);

    expect(screen.queryByRole('list', { name: 'Fines' })).not.toBeInTheDocument();
    expect(
      table()
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reason', 'Amount', 'Status', 'Actions']);
    const [, first] = table().getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Late repayment', '₦5000', 'pending', 'Pay']);
    // Amounts line up on the right.
    expect(table().getByRole('columnheader', { name: 'Amount' })).toHaveClass('text-right');
    expect(table().getByRole('cell', { name: '₦5000' })).toHaveClass('text-right');
  });

  it('draws one card per row below it: label/value pairs, actions at the bottom, and no table', () => {
    setViewportWidth(390);
    render(<Harness withSelection={false} />);

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = cards().getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0] as HTMLElement);
    expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Reason',
      'Amount',
      'Status',
    ]);
    expect(first.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Late repayment',
      '₦5000',
      'pending',
    ]);
    expect(items[0]?.lastElementChild).toContainElement(first.getByRole('button', { name: 'Pay' }));
    expect(within(items[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a checkbox only on selectable rows, named after the row', () => {
    render(<Harness />);
    expect(
      table()
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual([
      'Select all pending fines',
      'Select Late repayment fine',
      'Select Late contribution fine',
    ]);
  });

  it('selects only selectable rows with select-all, showing the mixed state in between', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const all = table().getByRole('checkbox', { name: 'Select all pending fines' });

    await user.click(table().getByRole('checkbox', { name: 'Select Late repayment fine' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('a');
    expect(all).toHaveAttribute('aria-checked', 'mixed');

    await user.click(all);
    expect(screen.getByTestId('selected')).toHaveTextContent(/^a,c$/);
    expect(all).toBeChecked();
    expect(table().getByRole('checkbox', { name: 'Select Late contribution fine' })).toBeChecked();

    await user.click(all);
    expect(screen.getByTestId('selected')).toBeEmptyDOMElement();
    expect(all).not.toBeChecked();
  });

  it('selects from the cards too, with the same select-all', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    render(<Harness />);
    expect(cards().getAllByRole('checkbox')).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: 'Select all pending fines' }));
    expect(screen.getByTestId('selected')).toHaveTextContent(/^a,c$/);
    expect(cards().getByRole('checkbox', { name: 'Select Late repayment fine' })).toBeChecked();
  });

  it('swaps the table for the cards when the window narrows past 768 px, keeping the selection', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(table().getByRole('checkbox', { name: 'Select Late repayment fine' }));

    setViewportWidth(767);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards().getByRole('checkbox', { name: 'Select Late repayment fine' })).toBeChecked();

    setViewportWidth(768);
    expect(screen.queryByRole('list', { name: 'Fines' })).not.toBeInTheDocument();
    expect(table().getByRole('checkbox', { name: 'Select Late repayment fine' })).toBeChecked();
  });
});

type Movement = { id: string; what: string; date: string; amount: number; status: string };

const MOVEMENTS: Movement[] = [
  { id: 'm1', what: 'Savings withdrawal', date: '2026-03-20', amount: -20000.5, status: 'Pending' },
  { id: 'm2', what: 'March contribution', date: '2026-03-05', amount: 30000.25, status: 'Paid' },
  { id: 'm3', what: 'Old withdrawal', date: '2026-03-01', amount: -5000, status: 'Rejected' },
  { id: 'm4', what: 'February contribution', date: '2026-02-05', amount: 30000, status: 'Paid' },
];

const movementColumns: DataTableColumn<Movement>[] = [
  { id: 'what', header: 'Description', cell: (row) => row.what },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => String(row.amount) },
  { id: 'status', header: 'Status', cell: (row) => row.status },
];

const movementRow: MoneyRow<Movement> = {
  title: (row) => row.what,
  facts: (row) => ({
    date: row.date,
    amount: row.amount,
    counts: row.status !== 'Rejected',
    voided: row.status === 'Rejected',
  }),
  note: (row) => row.status,
};

function Movements({ later = false }: { later?: boolean }) {
  return (
    <DataTable
      caption="Movements"
      columns={movementColumns}
      rows={MOVEMENTS}
      getRowId={(row) => row.id}
      getRowLabel={(row) => `${row.what}, ${row.date}`}
      rowActions={(row) =>
        row.status === 'Pending' ? <button type="button">Cancel</button> : null
      }
      moneyRow={movementRow}
      pageEdges={{ earlier: false, later }}
    />
  );
}

describe('DataTable with money rows (a phone)', () => {
  const months = () => within(screen.getByRole('list', { name: 'Movements' }));
  beforeEach(() => setViewportWidth(390));

  it('lists one line a row in runs of a month, each with its total to the kobo', () => {
    render(<Movements />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const march = screen.getByRole('list', { name: 'March 2026 Total +₦10,000' });
    // −20,000.50 + 30,000.25 = +9,999.75, shown as whole naira; the rejected −5,000 is not added.
    expect(march).toBeInTheDocument();
    const rows = within(march).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Savings withdrawalMar 20, 2026 · Pending−₦20,001',
      'March contributionMar 05, 2026 · Paid+₦30,000',
      'Old withdrawalMar 01, 2026 · Rejected−₦5,000',
    ]);
    expect(screen.getByRole('list', { name: 'February 2026 Total +₦30,000' })).toBeInTheDocument();
    expect(months().getAllByRole('listitem', { name: undefined })).toHaveLength(6);
  });

  it('says a month may go on to the next page', () => {
    render(<Movements later />);
    expect(
      screen.getByRole('list', { name: 'February 2026 On this page +₦30,000' }),
    ).toBeInTheDocument();
  });

  it('opens a row into its details: every column and its buttons', async () => {
    const user = userEvent.setup();
    render(<Movements />);
    await user.click(screen.getByRole('button', { name: /^Savings withdrawal/ }));

    const dialog = screen.getByRole('dialog', { name: 'Savings withdrawal, 2026-03-20' });
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Description', 'Amount', 'Status']);
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Savings withdrawal', '-20000.5', 'Pending']);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Savings withdrawal/ })).toHaveFocus();
  });
});
