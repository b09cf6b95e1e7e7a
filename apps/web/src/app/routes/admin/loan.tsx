import { useParams } from 'react-router';
import { RecordState } from '../../../components/list/record-state';
import { Page } from '../../../components/layouts/page';
import { paths } from '../../../config/paths';
import { useOfficerLoan } from '../../../features/loans/api/get-officer-loan';
import { LoanHistory } from '../../../features/loans/components/officer/loan-history';

export default function AdminLoanRoute() {
  const { id = '' } = useParams();
  const loan = useOfficerLoan(id);
  const detail = loan.data?.data;
  return (
    <Page
      title={
        detail
          ? `Loan ${detail.loan.loanId}: ${detail.member.firstName} ${detail.member.lastName}`
          : 'Loan'
      }
      back={{ to: paths.adminLoans, label: 'Loans' }}
    >
      <RecordState query={loan} failure="Failed to fetch the loan" loadingLabel="Loading the loan">
        {(answer) => <LoanHistory detail={answer.data} />}
      </RecordState>
    </Page>
  );
}
