import { LOAN_STATUS_DISPLAY } from '@coop/shared/loan-rules';
import type { AdminLoanListItem } from '@coop/shared/loans';
import { formatDisplayDate } from '@coop/shared/dates';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { Badge } from '../../../../components/ui/badge';
import { adminLoanPath, adminMemberPath } from '../../../../config/paths';
import type { ListParams } from '../../../../lib/use-list-params';
import { useOfficerLoans } from '../../api/get-officer-loans';
import { LOAN_LIST_CONFIG } from './pipeline-list-config';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PagedTable } from '../../../../components/list/paged-table';
import { moneyColumn } from '../../../../components/list/columns';

const columns: readonly DataTableColumn<AdminLoanListItem>[] = [
  {
    id: 'loan',
    header: 'Loan',
    cell: (row) => (
      <Link
        className="font-medium text-primary underline-offset-4 hover:underline"
        to={adminLoanPath(row.id)}
      >
        {row.loanId}
        <span className="block text-sm font-normal text-muted-foreground">
          {formatDisplayDate(row.requestDate.slice(0, 10))}
        </span>
      </Link>
    ),
  },
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <Link className="underline-offset-4 hover:underline" to={adminMemberPath(row.member.id)}>
        {row.member.firstName} {row.member.lastName}
        <span className="block text-sm text-muted-foreground">{row.member.membershipId}</span>
      </Link>
    ),
  },
  moneyColumn('amount', 'Amount', (row) => row.requestedAmount),
  moneyColumn('outstanding', 'Outstanding', (row) => row.outstandingBalance),
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge of={LOAN_STATUS_DISPLAY} status={row.status} />
        {row.awaitingSecondApproval ? <Badge variant="warning">Awaiting 2nd approval</Badge> : null}
        {row.overdueInstalments > 0 ? (
          <Badge variant="danger">{row.overdueInstalments} overdue</Badge>
        ) : null}
      </span>
    ),
  },
];

/** The loan pipeline: every loan by status, newest request first. */
export function LoansList<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const loans = useOfficerLoans(list.query);
  return (
    <PagedTable
      list={list}
      query={loans}
      failure="Failed to fetch loans"
      caption="Loans"
      columns={columns}
      getRowLabel={(row) => `Loan ${row.loanId}, ${row.member.firstName} ${row.member.lastName}`}
      emptyMessage="No loans match these filters"
      loadingLabel="Loading loans"
      pageLabel="Loan pages"
      pageSizeOptions={LOAN_LIST_CONFIG.pageSizeOptions}
    />
  );
}
