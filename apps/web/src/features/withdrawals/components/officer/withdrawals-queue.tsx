import type { AdminWithdrawal } from '@coop/shared/withdrawals';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUS_DISPLAY,
  WITHDRAWAL_TYPE_LABELS,
} from '@coop/shared/withdrawal-rules';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import type { ListParams } from '../../../../lib/use-list-params';
import { useApproveWithdrawal } from '../../api/approve-withdrawal';
import { useOfficerWithdrawals } from '../../api/get-officer-withdrawals';
import { useRejectWithdrawal } from '../../api/reject-withdrawal';
import {
  MemberCell,
  memberName,
  OfficerQueue,
  RequestCell,
  reviewDecisions,
} from '../../../../components/list/officer-queue';
import { WITHDRAWAL_FILTERS, WITHDRAWAL_LIST_CONFIG } from './withdrawal-list-config';
import { DialogFacts } from '../../../../components/dialogs/form-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';

const typeLabel = (row: AdminWithdrawal) => WITHDRAWAL_TYPE_LABELS[row.withdrawalType];
const balanceLabel = (row: AdminWithdrawal) =>
  row.withdrawalType === 'savings' ? 'Available savings now' : 'Share Holdings now';

const WITHDRAWAL_DECISIONS = reviewDecisions<AdminWithdrawal>({
  context: (row) => `${memberName(row.member)}’s ${formatNaira(row.requestedAmount)} withdrawal`,
  approve: {
    label: 'Approve',
    title: 'Approve withdrawal',
    description: (row) =>
      `Pay out ${formatNaira(row.requestedAmount)} of ${memberName(row.member)}’s ${typeLabel(row).toLowerCase()}. The ledger is debited now and the member is notified.`,
    texts: {
      confirm: 'Approve withdrawal',
      pending: 'Approving...',
      failure: 'The withdrawal could not be approved',
    },
    details: (row) => (
      <>
        <DialogFacts
          facts={[
            ['Member', `${memberName(row.member)} (${row.member.membershipId})`],
            ['Type', typeLabel(row)],
            ['Amount', formatNaira(row.requestedAmount)],
            [balanceLabel(row), formatNaira(row.memberBalance)],
            ['Member’s reason', row.reason ?? 'None given'],
          ]}
        />
        {row.memberBalance < row.requestedAmount ? (
          <Alert variant="destructive">
            <AlertDescription>
              The member’s balance no longer covers this request: approving will be refused. Reject
              it with a reason instead.
            </AlertDescription>
          </Alert>
        ) : null}
      </>
    ),
    useAction: useApproveWithdrawal,
  },
  reject: {
    title: 'Reject withdrawal',
    description: (row) =>
      `${memberName(row.member)} asked to withdraw ${formatNaira(row.requestedAmount)} of ${typeLabel(row).toLowerCase()}. No money moves; the member is told why.`,
    texts: { confirm: 'Reject withdrawal', failure: 'The withdrawal could not be rejected' },
    useAction: useRejectWithdrawal,
  },
});

const columns: readonly DataTableColumn<AdminWithdrawal>[] = [
  { id: 'member', header: 'Member', cell: (row) => <MemberCell member={row.member} /> },
  {
    id: 'type',
    header: 'Type and reason',
    cell: (row) => (
      <RequestCell note={row.reason} rejectionReason={row.rejectionReason}>
        {typeLabel(row)}
      </RequestCell>
    ),
  },
  moneyColumn('amount', 'Amount', (row) => row.requestedAmount),
  moneyColumn('balance', 'Balance now', (row) => row.memberBalance),
  { id: 'requested', header: 'Requested', cell: (row) => formatDisplayDate(row.requestDate) },
  statusColumn(WITHDRAWAL_STATUS_DISPLAY, (row) => row.status),
];

/** Every member's withdrawal requests; pending ones are approved or rejected here. */
export function WithdrawalsQueue<SortField extends string>({
  list,
}: {
  list: ListParams<SortField>;
}) {
  const query = useOfficerWithdrawals(list.query);
  return (
    <OfficerQueue
      list={list}
      query={query}
      filters={{
        filters: WITHDRAWAL_FILTERS,
        title: 'Search withdrawals',
        description: 'Find requests by member, status, type or date.',
        search: { label: 'Search', placeholder: 'Member name or membership ID' },
      }}
      caption="Withdrawal requests"
      columns={columns}
      getRowLabel={(row) =>
        `${memberName(row.member)}, ${formatNaira(row.requestedAmount)} ${typeLabel(row).toLowerCase()}`
      }
      decisions={WITHDRAWAL_DECISIONS}
      emptyMessage={WITHDRAWAL_MESSAGES.noneFound}
      loadingLabel="Loading withdrawal requests"
      failure="Failed to fetch withdrawal requests"
      pageLabel="Withdrawal pages"
      pageSizeOptions={WITHDRAWAL_LIST_CONFIG.pageSizeOptions}
    />
  );
}
