import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/list/query-state';
import { PageTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { useOfficerLoan } from '../../../features/loans/api/get-officer-loan';
import { LoanHistory } from '../../../features/loans/components/officer/loan-history';
import { failureMessage } from '../../../lib/api-client';

export default function AdminLoanRoute() {
  const { id = '' } = useParams();
  const loan = useOfficerLoan(id);
  const detail = loan.data?.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to={paths.adminLoans}
        className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Loans
      </Link>
      <PageTitle
        title={
          detail
            ? `Loan ${detail.loan.loanId}: ${detail.member.firstName} ${detail.member.lastName}`
            : 'Loan'
        }
      />
      <QueryState
        isPending={loan.isPending}
        errorMessage={loan.isError ? failureMessage(loan.error, 'Failed to fetch the loan') : null}
        onRetry={() => void loan.refetch()}
        isEmpty={false}
        emptyMessage=""
        loadingLabel="Loading the loan"
      >
        {detail ? <LoanHistory detail={detail} /> : null}
      </QueryState>
    </div>
  );
}
