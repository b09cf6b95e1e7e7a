import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Checkbox } from '../ui/checkbox';

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
};

/** The outline of the row a link singles out, in the table and on its card. */
const HIGHLIGHT = 'outline-2 -outline-offset-2 outline-ring bg-accent/40';

const alignClass = (align: DataTableColumn<unknown>['align']) =>
  align === 'end' ? 'text-right tabular-nums' : 'text-left';

/**
 * A list drawn as a real table from 768 px up (docs/member-portal.md §9 mobile breakpoint, Tailwind
 * `md`) and as one card per row below, from the same column definitions. Both are in the page and
 * CSS shows one, so there is no flash of the wrong layout while JavaScript decides.
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
}: DataTableProps<Row>) {
  const selectAllId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const highlightShown =
    highlightedId !== null && rows.some((row) => getRowId(row) === highlightedId);
  useEffect(() => {
    if (!highlightShown || !highlightedId) return;
    // The table and the cards are both in the page; only the one CSS shows has a box to scroll to.
    for (const element of rootRef.current?.querySelectorAll<HTMLElement>('[aria-current="true"]') ??
      []) {
      if (element.getClientRects().length > 0) element.scrollIntoView?.({ block: 'center' });
    }
  }, [highlightShown, highlightedId]);
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
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
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

      <div className="grid gap-3 md:hidden">
        {selection && selectableIds.length > 0 ? (
          <div className="flex min-h-10 items-center gap-3 px-4">
            <Checkbox
              id={selectAllId}
              aria-label={selectAllLabel}
              checked={allChecked}
              onCheckedChange={toggleAll}
            />
            <label htmlFor={selectAllId} className="text-sm font-medium" aria-hidden="true">
              Select all
            </label>
          </div>
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
                    <label htmlFor={checkboxId} aria-hidden="true" className="text-sm font-medium">
                      Select
                    </label>
                  </div>
                ) : null}
                <dl className="grid gap-2 text-sm">
                  {columns.map((column) => (
                    <div key={column.id} className="flex items-center justify-between gap-4">
                      <dt className="text-muted-foreground">{column.header}</dt>
                      <dd className="text-right font-medium tabular-nums">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
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
    </div>
  );
}
