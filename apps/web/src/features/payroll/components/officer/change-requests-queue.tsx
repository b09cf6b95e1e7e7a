import type { AdminChangeRequest } from '@coop/shared/deductions';
import { CHANGE_REQUEST_STATUS_DISPLAY } from '@coop/shared/deduction-rules';
import { formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { DialogFacts } from '../../../../components/dialogs/form-dialog';
import { statusColumn } from '../../../../components/list/columns';
import type { DataTableColumn } from '../../../../components/list/data-table';
import {
  MemberCell,
  memberName,
  OfficerQueue,
  RequestCell,
  reviewDecisions,
} from '../../../../components/list/officer-queue';
import type { ListParams } from '../../../../lib/use-list-params';
import {
  useApproveChangeRequest,
  useChangeRequests,
  useRejectChangeRequest,
} from '../../api/change-requests';
import { CHANGE_REQUEST_FILTERS, CHANGE_REQUEST_LIST_CONFIG } from './change-request-list-config';

/** '₦20,000 savings, ₦5,000 shares' */
const amounts = (row: { savingsAmount: number; shareAmount: number }) =>
  `${formatNaira(row.savingsAmount)} savings, ${formatNaira(row.shareAmount)} shares`;
const CHANGE_REQUEST_DECISIONS = reviewDecisions<AdminChangeRequest>({
  context: (row) => `${memberName(row.member)}’s deduction change`,
  approve: {
    label: 'Approve',
    title: 'Approve deduction change',
    description: (row) =>
      `${memberName(row.member)}’s instruction becomes ${amounts(row)} a month from ${formatMonth(row.effectiveMonth)} (a month later if the cut-off day has passed). Their group and staff number stay; the member is notified.`,
    texts: {
      confirm: 'Approve change',
      pending: 'Approving...',
      failure: 'The change could not be approved',
    },
    details: (row) => (
      <DialogFacts
        facts={[
          ['Member', `${memberName(row.member)} (${row.member.membershipId})`],
          ['Now', row.current ? amounts(row.current) : 'No instruction'],
          ['Requested', amounts(row)],
          ['From', formatMonth(row.effectiveMonth)],
        ]}
      />
    ),
    useAction: useApproveChangeRequest,
  },
  reject: {
    title: 'Reject deduction change',
    description: (row) =>
      `${memberName(row.member)} asked for ${amounts(row)} a month. Their instruction stays as it is; the member is told why.`,
    texts: { confirm: 'Reject change', failure: 'The change could not be rejected' },
    useAction: useRejectChangeRequest,
  },
});

const columns: readonly DataTableColumn<AdminChangeRequest>[] = [
  { id: 'member', header: 'Member', cell: (row) => <MemberCell member={row.member} /> },
  {
    id: 'change',
    header: 'Now → requested',
    cell: (row) => (
      <RequestCell note={null} rejectionReason={row.rejectionReason}>
        <span className="tabular-nums">
          {row.current ? amounts(row.current) : 'No instruction'} → {amounts(row)}
        </span>
      </RequestCell>
    ),
  },
  { id: 'from', header: 'From', cell: (row) => formatMonth(row.effectiveMonth) },
  {
    id: 'requested',
    header: 'Requested',
    cell: (row) => formatDisplayDateTime(row.createdAt),
  },
  statusColumn(CHANGE_REQUEST_STATUS_DISPLAY, (row) => row.status),
];

/** Members' deduction change requests; pending ones are approved or rejected here. */
export function ChangeRequestsQueue<SortField extends string>({
  list,
}: {
  list: ListParams<SortField>;
}) {
  const query = useChangeRequests(list.query);
  return (
    <OfficerQueue
      list={list}
      query={query}
      filters={{
        filters: CHANGE_REQUEST_FILTERS,
        title: 'Search deduction changes',
        description: 'Find requests by member or status.',
        search: { label: 'Search', placeholder: 'Member name or membership ID' },
      }}
      caption="Deduction change requests"
      columns={columns}
      getRowLabel={(row) => `${memberName(row.member)}, ${amounts(row)}`}
      decisions={CHANGE_REQUEST_DECISIONS}
      emptyMessage="No deduction change requests found"
      loadingLabel="Loading deduction change requests"
      failure="Failed to fetch deduction change requests"
      pageLabel="Deduction change pages"
      pageSizeOptions={CHANGE_REQUEST_LIST_CONFIG.pageSizeOptions}
    />
  );
}
