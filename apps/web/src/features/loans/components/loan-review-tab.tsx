import { LOAN_MESSAGES, LOAN_STATUS_DISPLAY } from '@coop/shared/loan-rules';
import type { UnderReviewLoan } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DialogFacts } from '../../../components/dialogs/form-dialog';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { useCertifyLoan } from '../api/certify-loan';
import type { useLoansUnderReview } from '../api/get-loans-under-review';
import { cn } from '../../../lib/cn';
import { displayDate, naira } from './loan-format';

/** One fact of a card: its label above it on a wide screen, beside it on a phone. */
function ReviewFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 justify-between gap-2 sm:grid sm:justify-start sm:gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium tabular-nums sm:text-left">{children}</dd>
    </div>
  );
}

type Deciding = { loan: UnderReviewLoan; decision: 'approve' | 'reject' } | null;

/** docs/member-portal.md §2 Loan Review tab (reviewers only). */
export function LoanReviewTab(props: {
  query: ReturnType<typeof useLoansUnderReview>;
  reviewerId: string;
}) {
  const { query } = props;
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [details, setDetails] = useState<string | null>(null);
  const certify = useCertifyLoan();
  const rows = query.data?.data ?? [];
  // A notification's link names the loan (?loan=LN-…): once it has left the list, say so.
  const [params] = useSearchParams();
  const linked = params.get('loan');
  const gone: ReactNode =
    linked && !rows.some((loan) => loan.loanId === linked) ? (
      <p role="status" className="rounded-md border bg-muted p-3 text-sm">
        Loan {linked} is no longer waiting for your review: you have certified it, or the reviewers
        have decided it.
      </p>
    ) : null;

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading loans under review" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        className="rounded-md border border-destructive/40 bg-danger-soft p-4 text-danger-soft-foreground"
        role="alert"
      >
        Error: {failureMessage(query.error, FALLBACK_MESSAGES.fetchLoansUnderReview)}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="grid gap-3">
        {gone}
        <p className="py-12 text-center text-muted-foreground">
          {LOAN_MESSAGES.noLoansUnderReview}
        </p>
      </div>
    );
  }

  /** Resolves either way: a failure is a toast and the dialog closes. */
  const decide = ({ loan, decision }: NonNullable<Deciding>, note: string) =>
    certify.mutateAsync({ id: loan.id, decision, note }).then(
      () => {
        toast.success(
          decision === 'approve' ? LOAN_MESSAGES.loanApproved : LOAN_MESSAGES.loanRejected,
        );
      },
      (error: unknown) => {
        toast.error(
          decision === 'approve'
            ? LOAN_MESSAGES.approveFailedTitle
            : LOAN_MESSAGES.rejectLoanFailedTitle,
          { description: toApiError(error).serverMessage ?? LOAN_MESSAGES.unexpected },
        );
      },
    );

  return (
    <div className="grid gap-3">
      {gone}
      {rows.map((loan) => {
        const completed = Math.max(0, loan.requiredCertifications - loan.remainingCertifications);
        const percent = Math.round((completed / loan.requiredCertifications) * 100);
        const certified = loan.certifications.some((c) => c.reviewerId === props.reviewerId);
        return (
          <article
            key={loan.id}
            data-loan={loan.loanId}
            aria-current={loan.loanId === linked ? 'true' : undefined}
            className={cn(
              'grid gap-3 rounded-lg border p-4',
              loan.loanId === linked && 'ring-2 ring-ring',
            )}
          >
            {/* Every card the same: id and badge, then the same three facts in the same places,
                whatever the length of a name or an amount. */}
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-sm">{loan.loanId}</span>
              <StatusBadge of={LOAN_STATUS_DISPLAY} status="under_review" />
            </div>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <ReviewFact label="Applicant">
                {loan.applicant.firstName} {loan.applicant.lastName}
              </ReviewFact>
              <ReviewFact label="Requested amount">{naira(loan.requestedAmount)}</ReviewFact>
              <ReviewFact label="Requested on">{displayDate(loan.createdAt)}</ReviewFact>
            </dl>
            <p className="text-sm">{loan.purpose}</p>
            <div className="grid gap-1">
              <div className="flex justify-between text-sm">
                <span>
                  {completed}/{loan.requiredCertifications} certifications completed
                </span>
                <span>
                  {loan.remainingCertifications} remaining · {percent}%
                </span>
              </div>
              <div
                className="h-2 rounded-full bg-muted"
                role="progressbar"
                aria-label={`${loan.loanId} certification progress`}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {certified ? (
                <Badge variant="success">{LOAN_MESSAGES.alreadyCertified}</Badge>
              ) : (
                <>
                  <Button
                    type="button"
                    size="sm"
                    onClick={() => setDeciding({ loan, decision: 'approve' })}
                  >
                    Approve
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeciding({ loan, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </>
              )}
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-expanded={details === loan.id}
                onClick={() => setDetails(details === loan.id ? null : loan.id)}
              >
                Details
              </Button>
            </div>
            {details === loan.id ? (
              <div className="grid gap-2 border-t pt-3 text-sm">
                <p>
                  Membership ID {loan.applicant.membershipId} · {loan.applicant.email} ·{' '}
                  {loan.repaymentTermMonths} months
                </p>
                {loan.certifications.length === 0 ? (
                  <p className="text-muted-foreground">No certifications yet.</p>
                ) : (
                  <ul className="grid gap-1">
                    {loan.certifications.map((c) => (
                      <li key={c.reviewerId}>
                        Certified {displayDate(c.certifiedAt)}
                        {c.note ? `: ${c.note}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : null}
          </article>
        );
      })}

      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding?.decision === 'approve' ? 'Approve loan' : 'Reject loan'}
        description={
          deciding?.decision === 'approve'
            ? 'Add an optional note for the other reviewers.'
            : 'Give the reason for rejecting this loan.'
        }
        // A note is optional to approve; a reason is required to reject (confirm disabled
        // without it).
        kind={deciding?.decision === 'approve' ? 'optionalNote' : 'reviewRejection'}
        field="note"
        texts={{
          label: deciding?.decision === 'approve' ? 'Note (optional)' : 'Reason',
          confirm: 'Confirm',
          pending: 'Confirming...',
          variant: deciding?.decision === 'reject' ? 'destructive' : 'default',
        }}
        details={
          deciding ? (
            // The loan being decided, restated: a reviewer with several cards open in mind sees
            // which one this certification is for.
            <DialogFacts
              facts={[
                ['Loan', <span className="font-mono">{deciding.loan.loanId}</span>],
                [
                  'Applicant',
                  `${deciding.loan.applicant.firstName} ${deciding.loan.applicant.lastName}`,
                ],
                [
                  'Amount',
                  <span className="tabular-nums">{naira(deciding.loan.requestedAmount)}</span>,
                ],
              ]}
            />
          ) : null
        }
        onConfirm={(note) => (deciding ? decide(deciding, note) : Promise.resolve())}
      />
    </div>
  );
}
