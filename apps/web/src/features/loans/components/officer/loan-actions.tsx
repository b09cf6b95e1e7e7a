import { DISBURSEMENT_METHOD_LABELS } from '@coop/shared/loan-rules';
import type { AdminLoanDetail } from '@coop/shared/loans';
import { formatDisplayDate, formatDisplayDateTime } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { useAuth } from '../../../../lib/auth-store';
import {
  ApproveDisbursementDialog,
  DisburseDialog,
  LoanReasonDialog,
  RepaymentDialog,
} from './loan-action-forms';

type Detail = AdminLoanDetail;

/** What an officer may do with the loan now: disburse, approve or reject a disbursement, record a repayment, mark it defaulted. */
export function LoanActions({ detail }: { detail: Detail }) {
  const { user } = useAuth();
  const status = detail.loan.status;
  const pending = detail.disbursementRequests.find((request) => request.status === 'pending');
  const outstanding = formatNaira(detail.loan.outstandingBalance);
  if (status === 'approved' && pending) {
    const mine = pending.requestedBy.id === user?.id;
    return (
      <div className="grid gap-3">
        <Alert role="status">
          <AlertDescription>
            Awaiting a second approval: {pending.requestedBy.name} asked on{' '}
            {formatDisplayDateTime(pending.requestedAt)} to pay out {formatNaira(pending.amount)} by{' '}
            {DISBURSEMENT_METHOD_LABELS[pending.method].toLowerCase()}, dated{' '}
            {formatDisplayDate(pending.disbursementDate)}.
            {mine ? ' Another administrator must approve it.' : ''}
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-2">
          {mine ? null : (
            <ApproveDisbursementDialog
              detail={detail}
              description={`Pays out ${formatNaira(pending.amount)} of loan ${detail.loan.loanId} to ${detail.member.firstName} ${detail.member.lastName}, as ${pending.requestedBy.name} asked.`}
            />
          )}
          <LoanReasonDialog
            detail={detail}
            kind="reject"
            trigger={mine ? 'Withdraw request' : 'Reject disbursement'}
            title={`Reject the disbursement of loan ${detail.loan.loanId}`}
            description={`${formatNaira(pending.amount)} to ${detail.member.firstName} ${detail.member.lastName} is not paid out. The loan stays approved, so a corrected disbursement can be made.`}
            confirm="Reject disbursement"
            pending="Rejecting..."
            failure="The disbursement could not be rejected"
          />
        </div>
      </div>
    );
  }
  if (status === 'approved') {
    return (
      <div className="flex flex-wrap gap-2">
        <DisburseDialog detail={detail} />
      </div>
    );
  }
  if (status === 'disbursed' || status === 'defaulted') {
    return (
      <div className="flex flex-wrap gap-2">
        <RepaymentDialog detail={detail} />
        {status === 'disbursed' ? (
          <LoanReasonDialog
            detail={detail}
            kind="default"
            trigger="Mark defaulted"
            title={`Mark loan ${detail.loan.loanId} defaulted?`}
            description={`No money moves: ${detail.member.firstName} ${detail.member.lastName} still owes ${outstanding} and cannot borrow, and the guarantors' savings stay frozen. The borrower and guarantors are told.`}
            confirm="Mark defaulted"
            pending="Marking..."
            failure="The loan could not be marked defaulted"
          />
        ) : null}
      </div>
    );
  }
  return null;
}
