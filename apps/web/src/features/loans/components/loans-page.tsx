import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { Loan, LoanGuarantor } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { ListParams } from '../../../lib/use-list-params';
import { useEligibility } from '../api/get-eligibility';
import { useGuarantorRequests } from '../api/get-guarantor-requests';
import { useLoans } from '../api/get-loans';
import { useLoansUnderReview } from '../api/get-loans-under-review';
import { naira } from './loan-format';
import type { GuarantorRequestSortField, MyLoanSortField } from './loan-list-config';
import { canReassign } from './loan-details';
import { MyLoansTab } from './my-loans-tab';

// What My Loans does not show on its first paint is fetched when it is asked for: the other tabs,
// the wizard and the reassign dialog, and the dialog kit they use. A member's first load of /loans
// stays within its budget (bench/README.md).
const CalculatorTab = lazy(() =>
  import('./calculator-tab').then((module) => ({ default: module.CalculatorTab })),
);
const GuarantorRequestsTab = lazy(() =>
  import('./guarantor-requests-tab').then((module) => ({ default: module.GuarantorRequestsTab })),
);
const LoanReviewTab = lazy(() =>
  import('./loan-review-tab').then((module) => ({ default: module.LoanReviewTab })),
);
const RequestLoanWizard = lazy(() =>
  import('./request-loan-wizard').then((module) => ({ default: module.RequestLoanWizard })),
);
const ReassignDialog = lazy(() =>
  import('./reassign-dialog').then((module) => ({ default: module.ReassignDialog })),
);

const tabFallback = (
  <div className="flex justify-center py-10">
    <Spinner label="Loading" />
  </div>
);

/** True from the first render where `value` is, so a dialog loaded on first use stays mounted. */
function useOnceTrue(value: boolean) {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

const TABS = [
  ['my-loans', 'My Loans'],
  ['calculator', 'Loan Calculator'],
  ['guarantor-requests', 'Guarantor Requests'],
  ['loan-review', 'Loan Review'],
] as const;
type Tab = (typeof TABS)[number][0];

export type LoansPageProps = {
  user: { id: string; email: string; isLoanReviewer: boolean };
  /**
   * The two tabs' lists, whose state the route owns
   * (docs/decisions/128-list-pages-route-owns-state.md). Both read the one URL; only the tab on
   * screen uses its own, and changing tab clears the other's parameters.
   */
  lists: {
    myLoans: ListParams<MyLoanSortField>;
    guarantorRequests: ListParams<GuarantorRequestSortField>;
  };
  /** /loans/new opens the wizard; /guarantees/invite the reassign dialog or the wizard. */
  intent?: 'new-loan' | 'invite-guarantor';
};

type ReassignTarget = { guarantor: LoanGuarantor; others: LoanGuarantor[] };

/**
 * docs/member-portal.md §2 Loans page: eligibility banner, tabs, the wizard and the reassign
 * dialog.
 */
export function LoansPage({ user, intent, lists }: LoansPageProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab =
    TABS.some(([key]) => key === requested) && (requested !== 'loan-review' || user.isLoanReviewer)
      ? (requested as Tab)
      : 'my-loans';
  const eligibility = useEligibility();
  const pendingRequests = useGuarantorRequests({ status: 'pending', page: 1, limit: 1 });
  const underReview = useLoansUnderReview(
    { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' },
    user.isLoanReviewer,
  );
  const pendingLoans = useLoans({
    status: 'pending',
    page: 1,
    limit: 10,
    sortBy: 'requestDate',
    sortOrder: 'desc',
  });
  const [wizardOpen, setWizardOpen] = useState(false);
  const [reassign, setReassign] = useState<ReassignTarget | null>(null);

  const openReassign = (guarantor: LoanGuarantor, loan: Loan) =>
    setReassign({
      guarantor,
      others: loan.guarantors.filter((g) => g.id !== guarantor.id && g.status !== 'rejected'),
    });

  // Quick actions: /loans/new opens the wizard; /guarantees/invite the reassign dialog when a
  // guarantor declined the member's pending loan, otherwise the wizard (guarantors are step 2).
  // Closing either returns to /loans.
  const eligible = eligibility.data?.isEligible === true;
  const declinedLoan = pendingLoans.data?.data.find((l) =>
    l.guarantors.some((g) => canReassign(g, l)),
  );
  const declined = declinedLoan?.guarantors.find((g) => canReassign(g, declinedLoan));
  const inviteTarget: ReassignTarget | null =
    intent === 'invite-guarantor' && declinedLoan && declined
      ? {
          guarantor: declined,
          others: declinedLoan.guarantors.filter(
            (g) => g.id !== declined.id && g.status !== 'rejected',
          ),
        }
      : null;
  const wizardFromIntent =
    eligible &&
    (intent === 'new-loan' ||
      (intent === 'invite-guarantor' && pendingLoans.isSuccess && !inviteTarget));
  const leaveIntent = () => {
    if (intent) void navigate(paths.loans, { replace: true });
  };

  const wizardShown = wizardOpen || wizardFromIntent;
  const wizardMounted = useOnceTrue(wizardShown);
  const reassignTarget = reassign ?? inviteTarget;
  const reassignMounted = useOnceTrue(reassignTarget !== null);

  const pendingCount = pendingRequests.data?.pagination.totalItems ?? 0;
  const reviewCount =
    underReview.data?.data.filter(
      (loan) => !loan.certifications.some((c) => c.reviewerId === user.id),
    ).length ?? 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle
          title="Loans"
          description="Request loans, guarantee fellow members and follow your repayments."
        />
        <div className="flex items-center gap-3">
          {pendingCount > 0 ? (
            // The spec's red badge that counts pending guarantor requests, worded so that it says
            // what it counts, and opening the tab where they are answered.
            <button
              type="button"
              onClick={() => setParams({ tab: 'guarantor-requests' })}
              className="rounded-full bg-destructive px-2.5 py-0.5 text-xs font-semibold text-destructive-foreground"
            >
              {pendingCount} guarantor {pendingCount === 1 ? 'request' : 'requests'}
            </button>
          ) : null}
          {eligibility.data?.isEligible ? (
            <Button type="button" onClick={() => setWizardOpen(true)}>
              Request Loan
            </Button>
          ) : null}
        </div>
      </div>

      {eligibility.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {failureMessage(eligibility.error, FALLBACK_MESSAGES.fetchEligibility)}
        </p>
      ) : eligibility.data ? (
        eligibility.data.isEligible ? (
          <div className="rounded-lg border border-success/40 bg-success-soft p-4 text-success-soft-foreground">
            <p className="font-semibold">{LOAN_MESSAGES.eligible}</p>
            <p className="text-sm">
              You can borrow up to {naira(eligibility.data.maxLoanAmount)}, based on your confirmed
              contributions.
            </p>
          </div>
        ) : (
          <div className="rounded-lg border border-warning/40 bg-warning-soft p-4 text-warning-soft-foreground">
            <p className="font-semibold">{LOAN_MESSAGES.notEligible}</p>
            <ul className="list-disc pl-5 text-sm">
              {(eligibility.data.reasons.length > 0
                ? eligibility.data.reasons
                : [eligibility.data.reason ?? 'You are not eligible for a loan at the moment.']
              ).map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}

      {/* One row at any width: on a phone the row scrolls sideways rather than wrap in two. */}
      <div
        role="tablist"
        aria-label="Loans"
        className="-mx-4 flex gap-1 overflow-x-auto border-b px-4 [scrollbar-width:none] sm:mx-0 sm:overflow-visible sm:px-0"
      >
        {TABS.filter(([key]) => key !== 'loan-review' || user.isLoanReviewer).map(
          ([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`panel-${key}`}
              onClick={() => setParams(key === 'my-loans' ? {} : { tab: key })}
              className={cn(
                'flex shrink-0 items-center gap-2 border-b-2 sm:-mb-px px-3 py-2 text-sm font-medium whitespace-nowrap',
                tab === key
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground',
              )}
            >
              {label}
              {key === 'guarantor-requests' && pendingCount > 0 ? (
                <span className="rounded-full bg-destructive px-2 text-xs text-destructive-foreground">
                  {pendingCount}
                </span>
              ) : null}
              {key === 'loan-review' && reviewCount > 0 ? (
                <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
                  {reviewCount}
                </span>
              ) : null}
            </button>
          ),
        )}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="min-w-0">
        {tab === 'my-loans' ? <MyLoansTab list={lists.myLoans} onReassign={openReassign} /> : null}
        <Suspense fallback={tabFallback}>
          {tab === 'calculator' ? <CalculatorTab /> : null}
          {tab === 'guarantor-requests' ? (
            <GuarantorRequestsTab list={lists.guarantorRequests} />
          ) : null}
          {tab === 'loan-review' ? (
            <LoanReviewTab query={underReview} reviewerId={user.id} />
          ) : null}
        </Suspense>
      </div>

      <Suspense fallback={null}>
        {wizardMounted ? (
          <RequestLoanWizard
            open={wizardShown}
            onOpenChange={(open) => {
              setWizardOpen(open);
              if (!open) leaveIntent();
            }}
            maxLoanAmount={eligibility.data?.maxLoanAmount ?? 0}
            currentUser={user}
          />
        ) : null}
        {reassignMounted ? (
          <ReassignDialog
            target={reassignTarget}
            currentUser={user}
            onClose={() => {
              setReassign(null);
              leaveIntent();
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
