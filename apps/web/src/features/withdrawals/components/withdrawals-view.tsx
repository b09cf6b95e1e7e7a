import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { formatDisplayDate } from '@coop/shared/dates';
import { heldText } from '@coop/shared/hold-rules';
import { formatNaira } from '@coop/shared/money';
import type { Withdrawal } from '@coop/shared/withdrawals';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_DISPLAY,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TYPES,
  WITHDRAWAL_TYPE_LABELS,
  type WithdrawalType,
} from '@coop/shared/withdrawal-rules';
import { CircleAlert, Info } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type MoneyRow,
} from '../../../components/list/data-table';
import { FilterPanel } from '../../../components/list/filter-panel';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { RowNote } from '../../../components/list/row-note';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { pageEdges } from '../../../lib/month-groups';
import type { FilterDefinition } from '../../../lib/list-filters';
import {
  usePageInRange,
  type ListParams,
  type ListParamsConfig,
} from '../../../lib/use-list-params';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawalEligibility } from '../api/get-withdrawal-eligibility';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalDialog } from './withdrawal-dialog';

/**
 * docs/member-portal.md §2 and §9: newest request first, 10 a page; status and type are the API's
 * filters.
 */
export type WithdrawalSortField = 'requestDate' | 'requestedAmount';

export const WITHDRAWAL_LIST_CONFIG: ListParamsConfig<WithdrawalSortField> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'requestDate', sortOrder: 'desc' },
  sortFields: ['requestDate', 'requestedAmount'],
  pageSizeOptions: [10, 25, 50],
  filters: [
    {
      key: 'status',
      label: 'Status',
      type: 'select',
      options: WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: WITHDRAWAL_STATUS_LABELS[s] })),
    },
    {
      key: 'requestType',
      label: 'Type',
      type: 'select',
      options: WITHDRAWAL_TYPES.map((t) => ({ value: t, label: WITHDRAWAL_TYPE_LABELS[t] })),
    },
  ] satisfies FilterDefinition[],
};

/**
 * Cancelling is reversible for a few seconds: the row reads Cancelled at once, the toast offers
 * Undo, and the cancellation is sent when the window ends (docs/decisions/
 * 162-undo-is-a-delayed-send.md). Nothing needs confirming first.
 */
function CancelWithdrawalButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const cancel = useCancelWithdrawal();
  return (
    <Button variant="outline" className="md:h-8 md:px-3" onClick={() => cancel(withdrawal)}>
      Cancel
      <span className="sr-only"> request of {formatNaira(withdrawal.requestedAmount)}</span>
    </Button>
  );
}

const COLUMNS: readonly DataTableColumn<Withdrawal>[] = [
  { id: 'type', header: 'Type', cell: (row) => WITHDRAWAL_TYPE_LABELS[row.withdrawalType] },
  {
    id: 'amount',
    header: 'Requested Amount',
    align: 'end',
    cell: (row) => <span className="font-semibold">{formatNaira(row.requestedAmount)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <>
        <StatusBadge of={WITHDRAWAL_STATUS_DISPLAY} status={row.status} />
        {row.status === 'rejected' && row.rejectionReason ? (
          <RowNote label="Reason">{row.rejectionReason}</RowNote>
        ) : null}
        {row.status === 'rejected' ? (
          <RowNote label="Next">{WITHDRAWAL_MESSAGES.rejectedNextStep}</RowNote>
        ) : null}
      </>
    ),
  },
  {
    id: 'requestDate',
    header: 'Request Date',
    cell: (row) => <time dateTime={row.requestDate}>{formatDisplayDate(row.requestDate)}</time>,
  },
  {
    id: 'processedDate',
    header: 'Processed Date',
    cell: (row) =>
      row.processedDate ? (
        <time dateTime={row.processedDate}>{formatDisplayDate(row.processedDate)}</time>
      ) : (
        '—'
      ),
  },
];

/**
 * A phone's row: the request is money out; a rejected or cancelled one moved nothing, so it is
 * shown struck through and left out of the month's total.
 */
const MONEY_ROW: MoneyRow<Withdrawal> = {
  title: (row) => `${WITHDRAWAL_TYPE_LABELS[row.withdrawalType]} withdrawal`,
  facts: (row) => ({
    date: row.requestDate,
    amount: -row.requestedAmount,
    counts: row.status === 'pending' || row.status === 'approved',
    voided: row.status === 'rejected' || row.status === 'cancelled',
  }),
  note: (row) => WITHDRAWAL_STATUS_LABELS[row.status],
};

/**
 * docs/member-portal.md §2 Withdrawals: eligibility card, the two requests, the dialog and the
 * requests.
 */
export function WithdrawalsView({
  list,
  openDialog = false,
}: {
  /** The route owns the list's state (docs/decisions/128-list-pages-route-owns-state.md). */
  list: ListParams<WithdrawalSortField>;
  openDialog?: boolean;
}) {
  const eligibility = useWithdrawalEligibility();
  const withdrawals = useWithdrawals(list.query);
  const navigate = useNavigate();
  const location = useLocation();
  // A decision's notification links to its request (?status=…&request=<id>): that row is
  // outlined and scrolled to, in the list filtered by its status.
  const singledOut = new URLSearchParams(location.search).get('request');
  const [chosenType, setDialogType] = useState<WithdrawalType | null>(null);
  const [changing, setChanging] = useState<Withdrawal | null>(null);
  const data = eligibility.data?.data;
  // /withdrawals/new opens the dialog for the first type the member may withdraw.
  const newType: WithdrawalType | null =
    openDialog && data
      ? data.canWithdrawSavings
        ? 'savings'
        : data.canWithdrawShares
          ? 'share_holding'
          : null
      : null;
  const dialogType = changing?.withdrawalType ?? chosenType ?? newType;

  const closeDialog = () => {
    setDialogType(null);
    setChanging(null);
    if (openDialog) void navigate({ pathname: '/withdrawals', search: location.search });
  };

  usePageInRange(list, withdrawals);

  const rows = withdrawals.data?.data ?? [];
  const errorMessage = withdrawals.isError
    ? failureMessage(withdrawals.error, WITHDRAWAL_MESSAGES.failedMessage)
    : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Withdrawal eligibility</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          {eligibility.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading eligibility" />
            </div>
          ) : !data ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{WITHDRAWAL_MESSAGES.eligibilityUnavailable}</AlertDescription>
            </Alert>
          ) : (
            <>
              <dl className="grid gap-3 sm:grid-cols-2">
                {(
                  [
                    ['savings', 'Available savings', data.availableSavings],
                    ['shares', 'Available shares', data.availableShares],
                  ] as const
                ).map(([account, label, amount]) => (
                  <div key={account} className="rounded-lg border p-4">
                    <dt className="text-sm text-muted-foreground">{label}</dt>
                    <dd className="text-xl font-semibold tabular-nums">{formatNaira(amount)}</dd>
                    {data.held
                      .filter((held) => held.account === account)
                      .map((held) => (
                        <dd key={held.reason} className="text-xs text-muted-foreground">
                          {heldText(held)}
                        </dd>
                      ))}
                  </div>
                ))}
              </dl>
              {data.restrictions.length > 0 ? (
                <Alert variant="warning">
                  <Info aria-hidden="true" />
                  <AlertDescription>
                    <p className="font-medium">Restrictions</p>
                    <ul className="list-disc pl-5">
                      {data.restrictions.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  </AlertDescription>
                </Alert>
              ) : null}
            </>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button disabled={!data?.canWithdrawSavings} onClick={() => setDialogType('savings')}>
              {WITHDRAWAL_MESSAGES.requestSavings}
            </Button>
            <Button
              variant="secondary"
              disabled={!data?.canWithdrawShares}
              onClick={() => setDialogType('share_holding')}
            >
              {WITHDRAWAL_MESSAGES.requestShares}
            </Button>
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="withdrawal-requests" className="grid grid-cols-1 gap-4">
        <h2 id="withdrawal-requests" className="text-lg font-semibold">
          Withdrawal requests
        </h2>
        {/* A notification's link (?status=rejected) lands here filtered: the panel says so. */}
        <FilterPanel
          filters={WITHDRAWAL_LIST_CONFIG.filters}
          values={list.filters}
          onFilterChange={list.setFilter}
          onReset={list.reset}
        />
        <QueryState
          isPending={withdrawals.isPending}
          errorMessage={errorMessage}
          onRetry={() => void withdrawals.refetch()}
          isEmpty={rows.length === 0}
          emptyMessage={WITHDRAWAL_MESSAGES.empty}
          loadingLabel="Loading withdrawal requests"
        >
          <DataTable
            caption="Withdrawal requests"
            columns={COLUMNS}
            rows={rows}
            getRowId={(row) => row.id}
            getRowLabel={(row) =>
              `${WITHDRAWAL_TYPE_LABELS[row.withdrawalType]} withdrawal of ${formatNaira(row.requestedAmount)}`
            }
            rowActions={(row) =>
              row.status === 'pending' ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    className="md:h-8 md:px-3"
                    onClick={() => setChanging(row)}
                  >
                    Change
                    <span className="sr-only"> request of {formatNaira(row.requestedAmount)}</span>
                  </Button>
                  <CancelWithdrawalButton withdrawal={row} />
                </div>
              ) : null
            }
            actionsHeader="Actions"
            busy={withdrawals.isPlaceholderData}
            highlightedId={singledOut}
            moneyRow={MONEY_ROW}
            pageEdges={pageEdges(withdrawals.data?.pagination)}
          />
        </QueryState>
        <ListPager
          list={list}
          page={withdrawals.data}
          failed={errorMessage !== null}
          label="Withdrawal pages"
          pageSizeOptions={WITHDRAWAL_LIST_CONFIG.pageSizeOptions}
        />
      </section>

      <WithdrawalDialog
        withdrawalType={dialogType}
        // A change may ask for what is available plus what the request already holds.
        available={
          (dialogType === 'share_holding'
            ? (data?.availableShares ?? 0)
            : (data?.availableSavings ?? 0)) + (changing?.requestedAmount ?? 0)
        }
        changing={changing ?? undefined}
        onClose={closeDialog}
      />
    </div>
  );
}
