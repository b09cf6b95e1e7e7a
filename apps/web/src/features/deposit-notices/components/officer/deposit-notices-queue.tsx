import type { AdminDepositNotice } from '@coop/shared/deposit-notices';
import { formatDisplayDate } from '@coop/shared/dates';
import {
  DEPOSIT_NOTICE_MESSAGES,
  DEPOSIT_NOTICE_STATUS_DISPLAY,
} from '@coop/shared/deposit-notice-rules';
import { formatNaira } from '@coop/shared/money';
import type { DataTableColumn } from '../../../../components/list/data-table';
import type { ListParams } from '../../../../lib/use-list-params';
import { useOfficerDepositNotices } from '../../api/get-officer-deposit-notices';
import { useRejectDepositNotice } from '../../api/reject-deposit-notice';
import { useVerifyDepositNotice } from '../../api/verify-deposit-notice';
import {
  MemberCell,
  memberName,
  OfficerQueue,
  RequestCell,
  reviewDecisions,
} from '../../../../components/list/officer-queue';
import { DEPOSIT_NOTICE_FILTERS, DEPOSIT_NOTICE_LIST_CONFIG } from './deposit-notice-list-config';
import { DialogFacts } from '../../../../components/dialogs/form-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';

const DEPOSIT_NOTICE_DECISIONS = reviewDecisions<AdminDepositNotice>({
  context: (row) => `${memberName(row.member)}’s deposit ${row.bankReference}`,
  approve: {
    label: 'Verify',
    title: 'Verify deposit',
    description: () =>
      'Find this transfer on the bank statement first. Verifying posts it to the member’s savings and share holding, and tells the member.',
    texts: {
      confirm: 'Verify and post',
      pending: 'Verifying...',
      failure: 'The deposit could not be verified',
    },
    details: (row) => (
      <DialogFacts
        facts={[
          ['Bank reference', <span className="font-mono text-base">{row.bankReference}</span>],
          ['Transfer date', formatDisplayDate(row.transferDate)],
          ['Member', `${memberName(row.member)} (${row.member.membershipId})`],
          ['Savings', formatNaira(row.savingsAmount)],
          ['Share Holdings', formatNaira(row.shareHoldingAmount)],
          ['Total', formatNaira(row.totalAmount)],
          ...(row.note ? ([['Member’s note', row.note]] as const) : []),
        ]}
      />
    ),
    useAction: useVerifyDepositNotice,
  },
  reject: {
    title: 'Reject deposit notice',
    description: (row) =>
      `${memberName(row.member)}’s transfer of ${formatNaira(row.totalAmount)}, reference ${row.bankReference}. No money moves; the member is told why.`,
    texts: { confirm: 'Reject notice', failure: 'The deposit notice could not be rejected' },
    useAction: useRejectDepositNotice,
  },
});

const columns: readonly DataTableColumn<AdminDepositNotice>[] = [
  { id: 'member', header: 'Member', cell: (row) => <MemberCell member={row.member} /> },
  {
    id: 'reference',
    header: 'Bank reference',
    cell: (row) => (
      <RequestCell note={row.note} rejectionReason={row.rejectionReason}>
        <span className="font-mono">{row.bankReference}</span>
      </RequestCell>
    ),
  },
  { id: 'transfer', header: 'Transferred', cell: (row) => formatDisplayDate(row.transferDate) },
  moneyColumn('total', 'Total', (row) => row.totalAmount),
  { id: 'submitted', header: 'Submitted', cell: (row) => formatDisplayDate(row.submittedAt) },
  statusColumn(DEPOSIT_NOTICE_STATUS_DISPLAY, (row) => row.status),
];

/** Every member's deposit notices; pending ones are verified or rejected here. */
export function DepositNoticesQueue<SortField extends string>({
  list,
}: {
  list: ListParams<SortField>;
}) {
  const query = useOfficerDepositNotices(list.query);
  return (
    <OfficerQueue
      list={list}
      query={query}
      filters={{
        filters: DEPOSIT_NOTICE_FILTERS,
        title: 'Search deposit notices',
        description: 'Find notices by member, bank reference, status or date.',
        search: { label: 'Search', placeholder: 'Member, membership ID or bank reference' },
      }}
      caption="Deposit notices"
      columns={columns}
      getRowLabel={(row) => `${memberName(row.member)}, ${row.bankReference}`}
      decisions={DEPOSIT_NOTICE_DECISIONS}
      emptyMessage={DEPOSIT_NOTICE_MESSAGES.noneFound}
      loadingLabel="Loading deposit notices"
      failure="Failed to fetch deposit notices"
      pageLabel="Deposit notice pages"
      pageSizeOptions={DEPOSIT_NOTICE_LIST_CONFIG.pageSizeOptions}
    />
  );
}
