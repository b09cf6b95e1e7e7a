import { formatNaira } from '@coop/shared/money';
import type { StatusDisplay } from '@coop/shared/status-tones';
import { StatusBadge } from '../ui/status-badge';
import type { DataTableColumn } from './data-table';

/**
 * The two columns nearly every back-office table has, written once (docs/decisions/
 * 140-web-written-once.md): an amount in naira, right-aligned so the digits line up; and the
 * row's status as its badge (docs/decisions/113-status-tones.md), headed 'Status'.
 */
export function moneyColumn<Row>(
  id: string,
  header: string,
  amount: (row: Row) => number,
): DataTableColumn<Row> {
  return { id, header, align: 'end', cell: (row) => formatNaira(amount(row)) };
}

export function statusColumn<Row, S extends string>(
  of: StatusDisplay<S>,
  status: (row: Row) => S,
): DataTableColumn<Row> {
  return {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of={of} status={status(row)} />,
  };
}
