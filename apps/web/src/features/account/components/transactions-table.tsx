import { TRANSACTION_ACCOUNT_LABELS, TRANSACTION_TYPE_LABELS } from '@coop/shared/account-rules';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import type { Transaction } from '@coop/shared/transactions';
import {
  DataTable,
  type DataTableColumn,
  type MoneyRow,
} from '../../../components/list/data-table';
import { SignedAmount } from '../../../components/list/signed-amount';

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

/**
 * A phone's row: the movement, its date and account, the signed amount (decision 163). The month's
 * total is the change to savings and share holdings: a loan's balance is what is owed, so its
 * movements are listed but not added.
 */
const moneyRow: MoneyRow<Transaction> = {
  title: (row) => row.description,
  facts: (row) => ({ date: row.date, amount: row.amount, counts: row.account !== 'loan' }),
  note: (row) => TRANSACTION_ACCOUNT_LABELS[row.account],
};

/** Date, Description, Type, Account, Amount (signed) and the account's Balance after it. */
export function TransactionsTable({
  transactions,
  caption = 'Transactions',
  busy,
  pageEdges,
}: {
  transactions: readonly Transaction[];
  caption?: string;
  busy?: boolean;
  /** Whether the list has pages before and after (a statement's period is one page). */
  pageEdges?: { earlier: boolean; later: boolean };
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={transactions}
      getRowId={(row) => row.id}
      getRowLabel={(row) => `${row.description}, ${formatDisplayDate(row.date)}`}
      busy={busy ?? false}
      moneyRow={moneyRow}
      pageEdges={pageEdges}
    />
  );
}
