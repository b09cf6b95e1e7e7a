import { Form } from '../../../components/form/form';
import type { GuarantorCandidate } from '@coop/shared/guarantors';
import {
  LOAN_PURPOSE_MAX_LENGTH,
  LOAN_REVIEW_TIME_MESSAGE,
  MAX_GUARANTORS,
} from '@coop/shared/constants';
import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { LoanCalculation, LoanRequest, LoanRequestFormValues } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFailure, DialogFooter, FormDialog } from '../../../components/dialogs/form-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { calculateLoan } from '../api/calculate-loan';
import { useRequestLoan } from '../api/request-loan';
import { fullName, GuarantorPicker } from './guarantor-picker';
import { displayDate, naira, payoutLine } from './loan-format';
import { isAmountEmpty, LOAN_TERMS_DEFAULTS, LoanTermsFields } from './loan-terms-fields';
import type { LoanRequestContext, WizardStep } from './loan-terms-validation';

const STEPS: ReadonlyArray<{ key: WizardStep; label: string }> = [
  { key: 'details', label: 'Loan Details' },
  { key: 'guarantors', label: 'Select Guarantors' },
  { key: 'review', label: 'Review & Submit' },
];

type RequestMutation = ReturnType<typeof useRequestLoan>;

const resolver = lazyResolver<LoanRequestFormValues, LoanRequest>(() =>
  import('./loan-terms-validation').then((module) => module.loanRequestResolver),
);

/** docs/member-portal.md §2 Loan request wizard: three steps, then the success dialog. */
export function RequestLoanWizard(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxLoanAmount: number;
  currentUser: { id: string; email: string };
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);
  const request = useRequestLoan();
  // The form lives in the dialog's body, so closing the dialog forgets it (§4: the modal resets).
  const close = (open: boolean) => {
    if (!open) {
      setStep(0);
      request.reset();
    }
    props.onOpenChange(open);
  };

  return (
    <>
      <FormDialog
        open={props.open}
        onOpenChange={close}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        title="Request New Loan"
        description={`Step ${step + 1} of 3: ${STEPS[step]?.label}`}
        busy={request.isPending}
      >
        <ol className="grid grid-cols-3 gap-2 text-center text-xs" aria-label="Steps">
          {STEPS.map(({ key, label }, index) => (
            <li
              key={key}
              aria-current={index === step ? 'step' : undefined}
              className={
                index === step
                  ? 'rounded-full bg-primary px-3 py-1 text-primary-foreground'
                  : 'rounded-full bg-muted px-3 py-1 text-muted-foreground'
              }
            >
              {label}
            </li>
          ))}
        </ol>
        <LoanRequestForm
          step={step}
          onStep={setStep}
          maxLoanAmount={props.maxLoanAmount}
          currentUser={props.currentUser}
          request={request}
          onDone={() => {
            close(false);
            setDone(true);
          }}
        />
      </FormDialog>

      <FormDialog
        open={done}
        onOpenChange={setDone}
        title="Loan Request Submitted"
        description={`Your guarantors have been notified. Review takes ${LOAN_REVIEW_TIME_MESSAGE}; you will get updates by e-mail and in the app.`}
      >
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              setDone(false);
              void navigate(paths.dashboard);
            }}
          >
            Continue to Dashboard
          </Button>
        </DialogFooter>
      </FormDialog>
    </>
  );
}

/**
 * The request, one form over the three steps (docs/decisions/125-forms.md): each Next sends the
 * form with its step (and the member's maximum) as the resolver's context, so it checks only
 * that step's fields; Submit checks the whole request. The guarantor search stays outside the form (Enter there searches),
 * and the footer's buttons reach the form by its id.
 */
function LoanRequestForm({
  step,
  onStep,
  maxLoanAmount,
  currentUser,
  request,
  onDone,
}: {
  step: number;
  onStep: (step: number) => void;
  maxLoanAmount: number;
  currentUser: { id: string; email: string };
  request: RequestMutation;
  onDone: () => void;
}) {
  const formId = useId();
  const purposeId = useId();
  const form = useForm<LoanRequestFormValues, unknown, LoanRequest>({
    resolver,
    context: {
      step: STEPS[step]?.key ?? 'review',
      maxEligibleAmount: maxLoanAmount,
    } satisfies LoanRequestContext,
    defaultValues: { ...LOAN_TERMS_DEFAULTS, purpose: '', guarantorUserIds: [] },
  });
  const { register, setValue, clearErrors, formState } = form;
  const errors = formState.errors;
  const [amount, purpose] = useWatch({
    control: form.control,
    name: ['requestedAmount', 'purpose'],
  });
  const [guarantors, setGuarantors] = useState<GuarantorCandidate[]>([]);
  const [calculation, setCalculation] = useState<LoanCalculation | null>(null);
  const [calcError, setCalcError] = useState<string | null>(null);
  // One Idempotency-Key per opening: a retry of the same request is never a second loan.
  const [key] = useState(() => crypto.randomUUID());

  const choose = (next: GuarantorCandidate[]) => {
    setGuarantors(next);
    setValue(
      'guarantorUserIds',
      next.map((g) => g.id),
    );
    clearErrors('guarantorUserIds');
  };

  const onValid = async (values: LoanRequest) => {
    if (step === 0) {
      // Leaving step 1 runs the calculation (docs/member-portal.md §4).
      setCalcError(null);
      const { requestedAmount, repaymentTermMonths, deductProcessingFee } = values;
      try {
        setCalculation(
          await calculateLoan({ requestedAmount, repaymentTermMonths, deductProcessingFee }),
        );
      } catch (error) {
        setCalcError(failureMessage(error, FALLBACK_MESSAGES.calculateLoan));
      }
      onStep(1);
    } else if (step === 1) {
      onStep(2);
    } else {
      await request.mutateAsync({ idempotencyKey: key, input: values }).then(
        () => onDone(),
        // docs/member-portal.md §8: a failed submission is logged; the review shows the
        // server's reason too, as the form's general error (no field is on this step).
        (error: unknown) => {
          console.error('Loan request failed', error);
          showSubmitFailure(error, form.setError, [], 'Request failed');
        },
      );
    }
  };

  return (
    <FormProvider {...form}>
      <Form
        id={formId}
        submit={form.handleSubmit(onValid)}
        preload={resolver.preload}
        className="contents"
      >
        {step === 0 ? (
          <div className="grid gap-4">
            <LoanTermsFields />
            <FormField id={purposeId} label="Purpose" error={errors.purpose?.message}>
              <Textarea
                maxLength={LOAN_PURPOSE_MAX_LENGTH}
                placeholder="What is the loan for?"
                {...register('purpose')}
              />
            </FormField>
            <p className="-mt-2 text-xs text-muted-foreground">
              {purpose.length}/{LOAN_PURPOSE_MAX_LENGTH} characters
            </p>
          </div>
        ) : null}
      </Form>

      {step === 1 ? (
        <div className="grid gap-3">
          <p className="text-sm font-medium">
            Selected guarantors {guarantors.length}/{MAX_GUARANTORS}
          </p>
          {guarantors.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {guarantors.map((g) => (
                <li key={g.id}>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={`Remove ${fullName(g)}`}
                    onClick={() => choose(guarantors.filter((other) => other.id !== g.id))}
                  >
                    {fullName(g)} <span aria-hidden="true">✕</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {/* A chosen member leaves the candidates (docs/member-portal.md §5): the list offers only whom
                one may still add, and the chip above is where a choice is undone. */}
          <GuarantorPicker
            selectedIds={[]}
            excluded={{
              ids: [currentUser.id, ...guarantors.map((g) => g.id)],
              emails: [currentUser.email.toLowerCase()],
            }}
            onPick={(candidate) => {
              if (guarantors.length < MAX_GUARANTORS) choose([...guarantors, candidate]);
            }}
            disabledReason={
              guarantors.length >= MAX_GUARANTORS
                ? `You can select a maximum of ${MAX_GUARANTORS} guarantors`
                : null
            }
          />
          {errors.guarantorUserIds?.message ? (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.guarantorUserIds.message}
            </p>
          ) : null}
        </div>
      ) : null}

      {step === 2 ? (
        <Review
          values={form.getValues()}
          guarantorCount={guarantors.length}
          calculation={calculation}
          calcError={calcError}
        />
      ) : null}

      <DialogFailure message={errors.root?.server?.message} />
      <DialogFooter className="gap-2">
        {step > 0 ? (
          <Button
            type="button"
            variant="outline"
            disabled={request.isPending}
            onClick={() => onStep(step - 1)}
          >
            Previous
          </Button>
        ) : null}
        {step < 2 ? (
          <SubmitButton
            form={formId}
            isPending={step === 0 && formState.isSubmitting}
            pendingLabel="Calculating..."
            disabled={step === 0 && (isAmountEmpty(amount) || purpose.trim() === '')}
          >
            Next
          </SubmitButton>
        ) : (
          <SubmitButton form={formId} isPending={request.isPending} pendingLabel="Submitting...">
            Submit Request
          </SubmitButton>
        )}
      </DialogFooter>
    </FormProvider>
  );
}

/** Step 3: what is asked, what it costs, the schedule, and who is contacted. */
function Review({
  values,
  guarantorCount,
  calculation,
  calcError,
}: {
  values: LoanRequestFormValues;
  guarantorCount: number;
  calculation: LoanCalculation | null;
  calcError: string | null;
}) {
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Amount</dt>
        <dd>{naira(values.requestedAmount)}</dd>
        <dt className="text-muted-foreground">Interest rate</dt>
        <dd>{calculation ? `${Math.round(calculation.calculation.interestRate)}%` : '—'}</dd>
        <dt className="text-muted-foreground">Purpose</dt>
        <dd className="break-words">{values.purpose.trim()}</dd>
        <dt className="text-muted-foreground">Term</dt>
        <dd>{values.repaymentTermMonths} months</dd>
        <dt className="text-muted-foreground">Guarantors</dt>
        <dd>{guarantorCount}</dd>
        <dt className="text-muted-foreground">Total repayment</dt>
        <dd>{calculation ? naira(calculation.calculation.totalRepaymentAmount) : '—'}</dd>
        <dt className="text-muted-foreground">Monthly payments</dt>
        <dd>{calculation ? naira(calculation.calculation.monthlyRepayment) : '—'}</dd>
      </dl>
      {calculation ? <p className="font-medium">{payoutLine(calculation.calculation)}</p> : null}
      {calcError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{calcError}</AlertDescription>
        </Alert>
      ) : null}
      {calculation ? (
        <div className="overflow-x-auto" tabIndex={0} aria-label="Repayment schedule">
          <table className="w-full">
            <caption className="mb-1 text-left font-medium">Repayment schedule</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="pr-3 font-medium">Month</th>
                <th className="pr-3 font-medium">Due Date</th>
                <th className="font-medium">Payment</th>
              </tr>
            </thead>
            <tbody>
              {calculation.calculation.repaymentSchedule.map((item) => (
                <tr key={item.month} className="border-t">
                  <td className="pr-3">{item.month}</td>
                  <td className="pr-3">{displayDate(item.dueDate)}</td>
                  <td>{naira(item.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="rounded-md border bg-muted p-3">
        Your guarantors will be contacted to accept. Processing fees may apply. Approval is subject
        to verification and guarantor acceptance.
      </div>
      <p className="font-medium">{LOAN_MESSAGES.loanRequestIrreversible}</p>
    </div>
  );
}
