import { formatDisplayDate } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import { ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useIsDesktop } from '../../lib/viewport';
import { groupByMonth, type MoneyRowFacts } from '../../lib/month-groups';
import { Checkbox } from '../ui/checkbox';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../ui/dialog';
import { SignedAmount } from './signed-amount';

export type DataTableColumn<Row> = {
  id: string;
  /** The column header in the table and the label beside the value on a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** 'end' for amounts and numbers, so their digits line up. */
  align?: 'start' | 'end';
};

export type RowSelection<Row> = {
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (ids: Set<string>) => void;
  /** Rows that may not be selected get no checkbox; select-all leaves them out. Default: all. */
  isRowSelectable?: (row: Row) => boolean;
  /** The select-all checkbox's name, e.g. 'Select all pending contributions'. */
  selectAllLabel?: string;
};

export type DataTableProps<Row> = {
  /** Names the table and the card list for screen readers. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** What a row is, as a screen reader should hear it: 'March 2025 contribution'. */
  getRowLabel: (row: Row) => string;
  selection?: RowSelection<Row>;
  /** The row's buttons: the last column of the table, the foot of a card. */
  rowActions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /** True while newer rows are loading over the ones shown. */
  busy?: boolean;
  /**
   * The row a link singles out (a notification's `?request=`): marked `aria-current`, outlined,
   * and scrolled into view once it is shown.
   */
  highlightedId?: string | null;
  /**
   * A money list's phone rows (docs/decisions/163-phone-money-lists-and-figures.md): below 768 px the rows
   * are one line each (what and when, the signed amount), in runs of a month with its total, and
   * a row opens its details. Without it, phones get one card per row.
   */
  moneyRow?: MoneyRow<Row>;
  /** Whether the list has pages before and after this one (`pageEdges(pagination)`). */
  pageEdges?: { earlier: boolean; later: boolean };
};

export type MoneyRow<Row> = {
  /** What the row is, in a few words: 'Savings withdrawal', 'March 2025 contribution'. */
  title: (row: Row) => string;
  /** Its date (listed under it and grouped by), its signed amount, whether the total counts it. */
  facts: (row: Row) => MoneyRowFacts;
  /** A short word after the date: the status where it is not the usual one ('Pending'). */
  note?: (row: Row) => ReactNode;
};

/** The outline of the row a link singles out, in the table and on its card. */
const HIGHLIGHT = 'outline-2 -outline-offset-2 outline-ring bg-accent/40';

const alignClass = (align: DataTableColumn<unknown>['align']) =>
  align === 'end' ? 'text-right tabular-nums' : 'text-left';

/**
 * A list drawn as a real table from 768 px up (docs/member-portal.md §9 mobile breakpoint, Tailwind
 * `md`) and as one card per row below, from the same column definitions. Only the layout for the
 * window's width is in the page (docs/decisions/158-one-layout-per-viewport.md): the width is read
 * before the first paint, and a resize across 768 px swaps one for the other.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  getRowLabel,
  selection,
  rowActions,
  actionsHeader = 'Actions',
  busy = false,
  highlightedId = null,
  moneyRow,
  pageEdges,
}: DataTableProps<Row>) {
  const selectAllId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const desktop = useIsDesktop();
  const highlightShown =
    highlightedId !== null && rows.some((row) => getRowId(row) === highlightedId);
  useEffect(() => {
    if (!highlightShown || !highlightedId) return;
    rootRef.current
      ?.querySelector<HTMLElement>('[aria-current="true"]')
      ?.scrollIntoView?.({ block: 'center' });
  }, [highlightShown, highlightedId, desktop]);
  const isSelectable = (row: Row) => selection?.isRowSelectable?.(row) ?? true;
  const selectableIds = selection ? rows.filter(isSelectable).map(getRowId) : [];
  const selectedCount = selectableIds.filter((id) => selection?.selectedIds.has(id)).length;
  const allChecked: boolean | 'indeterminate' =
    selectedCount === 0 ? false : selectedCount === selectableIds.length ? true : 'indeterminate';
  const selectAllLabel = selection?.selectAllLabel ?? 'Select all rows';

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    // From 'mixed' or unchecked, select every selectable row; from checked, clear them.
    for (const id of selectableIds) {
      if (allChecked === true) next.delete(id);
      else next.add(id);
    }
    selection.onSelectedIdsChange(next);
  };
  const toggleRow = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onSelectedIdsChange(next);
  };

  const rowCheckbox = (row: Row, id?: string) => {
    const rowId = getRowId(row);
    return selection && isSelectable(row) ? (
      <Checkbox
        id={id}
        aria-label={`Select ${getRowLabel(row)}`}
        checked={selection.selectedIds.has(rowId)}
        onCheckedChange={(checked) => toggleRow(rowId, checked === true)}
      />
    ) : null;
  };

  return (
    <div
      ref={rootRef}
      aria-busy={busy || undefined}
      className={cn(busy && 'opacity-70 transition-opacity')}
    >
      {desktop ? (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b bg-muted/50 text-muted-foreground">
              <tr>
                {selection ? (
                  <th scope="col" className="w-12 px-4 py-3 text-left">
                    <Checkbox
                      aria-label={selectAllLabel}
                      checked={allChecked}
                      disabled={selectableIds.length === 0}
                      onCheckedChange={toggleAll}
                    />
                  </th>
                ) : null}
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={cn(
                      'px-4 py-3 font-medium whitespace-nowrap',
                      alignClass(column.align),
                    )}
                  >
                    {column.header}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {actionsHeader}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const id = getRowId(row);
                const selected = selection?.selectedIds.has(id) ?? false;
                return (
                  <tr
                    key={id}
                    data-state={selected ? 'selected' : undefined}
                    aria-current={id === highlightedId ? 'true' : undefined}
                    // One height for rows with and without buttons, so the table reads evenly.
                    className={cn(
                      'h-13 border-b last:border-b-0 data-[state=selected]:bg-accent/60',
                      id === highlightedId && HIGHLIGHT,
                    )}
                  >
                    {selection ? <td className="px-4 py-2">{rowCheckbox(row)}</td> : null}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={cn('px-4 py-2 whitespace-nowrap', alignClass(column.align))}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    {rowActions ? (
                      <td className="px-4 py-2 text-right whitespace-nowrap">{rowActions(row)}</td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : moneyRow ? (
        <MoneyRows
          caption={caption}
          columns={columns}
          rows={rows}
          getRowId={getRowId}
          getRowLabel={getRowLabel}
          moneyRow={moneyRow}
          pageEdges={pageEdges}
          rowCheckbox={rowCheckbox}
          selectAll={
            selection && selectableIds.length > 0 ? (
              <SelectAll
                id={selectAllId}
                label={selectAllLabel}
                checked={allChecked}
                onChange={toggleAll}
              />
            ) : null
          }
          rowActions={rowActions}
          highlightedId={highlightedId}
        />
      ) : (
        <div className="grid gap-3">
          {selection && selectableIds.length > 0 ? (
            <SelectAll
              id={selectAllId}
              label={selectAllLabel}
              checked={allChecked}
              onChange={toggleAll}
            />
          ) : null}
          <ul aria-label={caption} className="grid gap-3">
            {rows.map((row) => {
              const id = getRowId(row);
              const checkboxId = `${selectAllId}-${id}`;
              const checkbox = rowCheckbox(row, checkboxId);
              const actions = rowActions?.(row);
              return (
                <li
                  key={id}
                  data-state={selection?.selectedIds.has(id) ? 'selected' : undefined}
                  aria-current={id === highlightedId ? 'true' : undefined}
                  className={cn(
                    'rounded-xl border bg-card p-4 shadow-xs data-[state=selected]:border-primary data-[state=selected]:bg-accent/60',
                    id === highlightedId && HIGHLIGHT,
                  )}
                >
                  {checkbox ? (
                    <div className="mb-2 flex min-h-10 items-center gap-3">
                      {checkbox}
                      {/* A bigger target for the thumb; the checkbox's own name says which row. */}
                      <label
                        htmlFor={checkboxId}
                        aria-hidden="true"
                        className="text-sm font-medium"
                      >
                        Select
                      </label>
                    </div>
                  ) : null}
                  <RowFacts columns={columns} row={row} />
                  {actions ? (
                    <div className="mt-3 flex flex-wrap justify-end gap-2 border-t pt-3">
                      {actions}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function SelectAll({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean | 'indeterminate';
  onChange: () => void;
}) {
  return (
    <div className="flex min-h-10 items-center gap-3 px-4">
      <Checkbox id={id} aria-label={label} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-sm font-medium" aria-hidden="true">
        Select all
      </label>
    </div>
  );
}

/** Every column of a row, label beside value: a card, and a phone row's details. */
function RowFacts<Row>({ columns, row }: { columns: readonly DataTableColumn<Row>[]; row: Row }) {
  return (
    <dl className="grid gap-2 text-sm">
      {columns.map((column) => (
        <div key={column.id} className="flex items-center justify-between gap-4">
          <dt className="text-muted-foreground">{column.header}</dt>
          <dd className="text-right font-medium tabular-nums">{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A money list on a phone: one line a row (what and when on the left, the signed amount on the
 * right) in runs of a month, each with its total; a row opens a dialog with every column and the
 * row's buttons (docs/decisions/163-phone-money-lists-and-figures.md).
 */
function MoneyRows<Row>({
  caption,
  columns,
  rows,
  getRowId,
  getRowLabel,
  moneyRow,
  pageEdges,
  rowCheckbox,
  selectAll,
  rowActions,
  highlightedId,
}: {
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  getRowLabel: (row: Row) => string;
  moneyRow: MoneyRow<Row>;
  pageEdges: { earlier: boolean; later: boolean } | undefined;
  rowCheckbox: (row: Row, id?: string) => ReactNode;
  selectAll: ReactNode;
  rowActions: ((row: Row) => ReactNode) | undefined;
  highlightedId: string | null;
}) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  // The details have no trigger of their own: focus goes back to the row that opened them.
  const opener = useRef<HTMLButtonElement | null>(null);
  // A row that leaves the page (cancelled, another page) closes its details.
  const open = openId === null ? undefined : rows.find((row) => getRowId(row) === openId);
  const groups = groupByMonth(rows, moneyRow.facts, pageEdges);
  const actions = open === undefined ? null : rowActions?.(open);
  return (
    <div className="grid gap-4">
      {selectAll}
      <ul aria-label={caption} className="grid gap-4">
        {groups.map((group, index) => {
          const labelId = `${baseId}-month-${index}`;
          const total = koboToNaira(group.totalKobo);
          return (
            <li key={`${group.month}-${index}`} className="grid gap-2">
              <p
                id={labelId}
                className="flex items-baseline justify-between gap-3 px-1 text-sm font-semibold"
              >
                <span>{group.label}</span>
                <span className="text-right font-normal text-muted-foreground">
                  {group.partial ? 'On this page ' : 'Total '}
                  <SignedAmount amount={total} className="text-foreground" />
                </span>
              </p>
              <ul
                aria-labelledby={labelId}
                className="divide-y overflow-hidden rounded-xl border bg-card"
              >
                {group.rows.map((row) => {
                  const id = getRowId(row);
                  const facts = moneyRow.facts(row);
                  const note = moneyRow.note?.(row);
                  const checkbox = rowCheckbox(row, `${baseId}-${id}`);
                  return (
                    <li
                      key={id}
                      aria-current={id === highlightedId ? 'true' : undefined}
                      className={cn('flex items-center', id === highlightedId && HIGHLIGHT)}
                    >
                      {checkbox ? (
                        <div className="flex min-h-14 items-center pl-4">{checkbox}</div>
                      ) : null}
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setOpenId(id);
                        }}
                        className="flex min-h-14 min-w-0 flex-1 items-center gap-3 px-4 py-2 text-left hover:bg-accent/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                      >
                        <span className="grid min-w-0 flex-1">
                          <span className="line-clamp-2 text-sm font-medium break-words">
                            {moneyRow.title(row)}
                          </span>
                          <span className="truncate text-xs text-muted-foreground">
                            <time dateTime={facts.date}>{formatDisplayDate(facts.date)}</time>
                            {note ? <> · {note}</> : null}
                          </span>
                        </span>
                        <SignedAmount
                          amount={facts.amount}
                          arrow
                          className={cn(
                            'text-sm',
                            facts.voided && 'font-normal text-muted-foreground line-through',
                          )}
                        />
                        <ChevronRight
                          aria-hidden="true"
                          className="size-4 shrink-0 text-muted-foreground"
                        />
                      </button>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      <Dialog open={open !== undefined} onOpenChange={(next) => !next && setOpenId(null)}>
        {open === undefined ? null : (
          <DialogContent
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{getRowLabel(open)}</DialogTitle>
            </DialogHeader>
            <RowFacts columns={columns} row={open} />
            {actions ? (
              <div className="flex flex-wrap justify-end gap-2 border-t pt-3">{actions}</div>
            ) : null}
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
