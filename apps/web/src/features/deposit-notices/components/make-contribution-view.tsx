import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import type { DepositNotice } from '@coop/shared/deposit-notices';
import {
  DEPOSIT_NOTICE_MESSAGES,
  DEPOSIT_NOTICE_STATUS_DISPLAY,
} from '@coop/shared/deposit-notice-rules';
import { formatNaira } from '@coop/shared/money';
import { Landmark, PiggyBank } from 'lucide-react';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import type { ListParams, ListParamsConfig } from '../../../lib/use-list-params';
import { useDepositInstructions } from '../api/get-deposit-instructions';
import { useDepositNotices } from '../api/get-deposit-notices';
import { DepositNoticeForm } from './deposit-notice-form';

export const DEPOSIT_NOTICE_LIST_CONFIG: ListParamsConfig<'submittedAt'> = {
  defaults: { limit: 10, sortBy: 'submittedAt', sortOrder: 'desc' },
  sortFields: ['submittedAt'],
  pageSizeOptions: [10, 25, 50],
  filters: [],
};

const COLUMNS: readonly DataTableColumn<DepositNotice>[] = [
  {
    id: 'transferDate',
    header: 'Transfer Date',
    cell: (row) => <time dateTime={row.transferDate}>{formatDisplayDate(row.transferDate)}</time>,
  },
  { id: 'reference', header: 'Bank Reference', cell: (row) => row.bankReference },
  { id: 'savings', header: 'Savings', align: 'end', cell: (row) => formatNaira(row.savingsAmount) },
  {
    id: 'shares',
    header: 'Share Holdings',
    align: 'end',
    cell: (row) => formatNaira(row.shareHoldingAmount),
  },
  {
    id: 'total',
    header: 'Total',
    align: 'end',
    cell: (row) => <span className="font-semibold">{formatNaira(row.totalAmount)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <div className="grid gap-1">
        <StatusBadge of={DEPOSIT_NOTICE_STATUS_DISPLAY} status={row.status} />
        {row.rejectionReason ? (
          <span className="block max-w-64 text-xs whitespace-normal text-muted-foreground">
            {row.rejectionReason}
          </span>
        ) : null}
        {row.status === 'rejected' ? (
          <span className="block max-w-64 text-xs whitespace-normal text-muted-foreground">
            {DEPOSIT_NOTICE_MESSAGES.rejectedNextStep}
          </span>
        ) : null}
      </div>
    ),
  },
];

/** /contributions/new: the payroll deduction, where to transfer, the notice and its follow-up. */
export function MakeContributionView({
  list,
}: {
  /** The route owns the list's state (docs/decisions/128). */
  list: ListParams<'submittedAt'>;
}) {
  const instructions = useDepositInstructions();
  const notices = useDepositNotices(list.query);
  const data = instructions.data?.data;
  const rows = notices.data?.data ?? [];
  const errorMessage = notices.isError
    ? failureMessage(notices.error, DEPOSIT_NOTICE_MESSAGES.fetchFailed)
    : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <PiggyBank aria-hidden="true" className="size-5 text-primary" />
              Monthly deduction
            </CardTitle>
            <CardDescription>Taken from your salary by the payroll every month.</CardDescription>
          </CardHeader>
          <CardContent>
            {instructions.isPending ? (
              <Spinner label="Loading your monthly deduction" />
            ) : data?.monthlyDeduction ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Savings</dt>
                <dd className="text-right tabular-nums">
                  {formatNaira(data.monthlyDeduction.savingsAmount)}
                </dd>
                <dt className="text-muted-foreground">Share Holdings</dt>
                <dd className="text-right tabular-nums">
                  {formatNaira(data.monthlyDeduction.shareHoldingAmount)}
                </dd>
                <dt className="font-medium">Total ({formatMonth(data.monthlyDeduction.month)})</dt>
                <dd className="text-right font-semibold tabular-nums">
                  {formatNaira(data.monthlyDeduction.totalAmount)}
                </dd>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">
                No payroll deduction has been posted for you yet.
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <Landmark aria-hidden="true" className="size-5 text-primary" />
              Voluntary deposits
            </CardTitle>
            <CardDescription>
              Transfer to this account, then tell us below so we can match it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {data ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Bank</dt>
                <dd>{data.bankAccount.bankName}</dd>
                <dt className="text-muted-foreground">Account name</dt>
                <dd>{data.bankAccount.accountName}</dd>
                <dt className="text-muted-foreground">Account number</dt>
                <dd className="font-mono text-base font-semibold">
                  {data.bankAccount.accountNumber}
                </dd>
              </dl>
            ) : instructions.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {failureMessage(instructions.error, 'Failed to load the bank account')}
              </p>
            ) : (
              <Spinner label="Loading the bank account" />
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Notify a deposit</CardTitle>
          <CardDescription>
            It counts toward your balances once the administrator finds it on the bank statement.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DepositNoticeForm />
        </CardContent>
      </Card>

      <section aria-labelledby="deposit-notices" className="grid grid-cols-1 gap-4">
        <h2 id="deposit-notices" className="text-lg font-semibold">
          Your deposit notices
        </h2>
        <QueryState
          isPending={notices.isPending}
          errorMessage={errorMessage}
          onRetry={() => void notices.refetch()}
          isEmpty={rows.length === 0}
          emptyMessage={DEPOSIT_NOTICE_MESSAGES.empty}
          loadingLabel="Loading deposit notices"
        >
          <DataTable
            caption="Deposit notices"
            columns={COLUMNS}
            rows={rows}
            getRowId={(row) => row.id}
            getRowLabel={(row) => `Deposit ${row.bankReference}`}
            busy={notices.isPlaceholderData}
          />
        </QueryState>
        <ListPager
          list={list}
          page={notices.data?.pagination.totalItems ? notices.data : undefined}
          failed={errorMessage !== null}
          label="Deposit notice pages"
          pageSizeOptions={DEPOSIT_NOTICE_LIST_CONFIG.pageSizeOptions}
        />
      </section>
    </div>
  );
}
