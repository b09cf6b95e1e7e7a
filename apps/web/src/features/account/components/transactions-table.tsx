import { TRANSACTION_ACCOUNT_LABELS, TRANSACTION_TYPE_LABELS } from '@coop/shared/account-rules';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import type { Transaction } from '@coop/shared/transactions';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { cn } from '../../../lib/cn';

/** '+₦30,000' or '−₦20,000': the change of the account's balance, signed. */
export function SignedAmount({ amount }: { amount: number }) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return (
    <span
      className={cn(
        'font-semibold tabular-nums',
        amount > 0
          ? 'text-success-soft-foreground'
          : amount < 0
            ? 'text-danger-soft-foreground'
            : '',
      )}
    >
      {sign}
      {formatNaira(Math.abs(amount))}
    </span>
  );
}

const columns: readonly DataTableColumn<Transaction>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <time dateTime={row.date}>{formatDisplayDate(row.date)}</time>,
  },
  { id: 'description', header: 'Description', cell: (row) => row.description },
  { id: 'type', header: 'Type', cell: (row) => TRANSACTION_TYPE_LABELS[row.type] },
  { id: 'account', header: 'Account', cell: (row) => TRANSACTION_ACCOUNT_LABELS[row.account] },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (row) => <SignedAmount amount={row.amount} />,
  },
  { id: 'balance', header: 'Balance', align: 'end', cell: (row) => formatNaira(row.balanceAfter) },
];

/** Date, Description, Type, Account, Amount (signed) and the account's Balance after it. */
export function TransactionsTable({
  transactions,
  caption = 'Transactions',
  busy,
}: {
  transactions: readonly Transaction[];
  caption?: string;
  busy?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={transactions}
      getRowId={(row) => row.id}
      getRowLabel={(row) => `${row.description}, ${formatDisplayDate(row.date)}`}
      busy={busy ?? false}
    />
  );
}
