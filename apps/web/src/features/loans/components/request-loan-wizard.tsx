import type { GuarantorCandidate } from '@coop/shared/guarantors';
import {
  LOAN_PURPOSE_MAX_LENGTH,
  LOAN_REVIEW_TIME_MESSAGE,
  MAX_GUARANTORS,
} from '@coop/shared/constants';
import { guarantorCountError, loanAmountError, loanPurposeError } from '@coop/shared/loan-rules';
import type { LoanCalculation } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter, FormDialog } from '../../../components/dialogs/form-dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { calculateLoan } from '../api/calculate-loan';
import { useRequestLoan } from '../api/request-loan';
import { fullName, GuarantorPicker } from './guarantor-picker';
import { displayDate, naira, payoutLine } from './loan-format';
import { LoanTermsFields, type Term } from './loan-terms-fields';

const STEPS = ['Loan Details', 'Select Guarantors', 'Review & Submit'] as const;

/** docs/member-portal.md §2 Loan request wizard: three steps, then the success dialog. */
export function RequestLoanWizard(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxLoanAmount: number;
  currentUser: { id: string; email: string };
}) {
  const navigate = useNavigate();
  const purposeId = useId();
  const [step, setStep] = useState(0);
  const [amount, setAmount] = useState('');
  const [purpose, setPurpose] = useState('');
  const [term, setTerm] = useState<Term>(6);
  const [deductFee, setDeductFee] = useState(true);
  const [guarantors, setGuarantors] = useState<GuarantorCandidate[]>([]);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [calculation, setCalculation] = useState<LoanCalculation | null>(null);
  const [calcError, setCalcError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState(false);
  const request = useRequestLoan();

  const reset = () => {
    setStep(0);
    setAmount('');
    setPurpose('');
    setTerm(6);
    setDeductFee(true);
    setGuarantors([]);
    setErrors({});
    setCalculation(null);
    setCalcError(null);
    setKey(crypto.randomUUID());
    request.reset();
  };
  const close = (open: boolean) => {
    if (!open) reset();
    props.onOpenChange(open);
  };

  const stepOneErrors = () => ({
    amount: loanAmountError(amount === '' ? null : Number(amount), props.maxLoanAmount),
    purpose: loanPurposeError(purpose),
  });

  const next = async () => {
    if (step === 0) {
      const found = stepOneErrors();
      setErrors(found);
      if (found.amount || found.purpose) return;
      // Leaving step 1 runs the calculation (docs/member-portal.md §4).
      setCalcError(null);
      try {
        setCalculation(
          await calculateLoan({
            requestedAmount: Number(amount),
            repaymentTermMonths: term,
            deductProcessingFee: deductFee,
          }),
        );
      } catch (error) {
        setCalcError(failureMessage(error, FALLBACK_MESSAGES.calculateLoan));
      }
      setStep(1);
    } else if (step === 1) {
      const error = guarantorCountError(guarantors.length);
      setErrors({ guarantors: error });
      if (!error) setStep(2);
    }
  };

  const submit = () => {
    request.mutate(
      {
        key,
        input: {
          requestedAmount: Number(amount),
          purpose: purpose.trim(),
          repaymentTermMonths: term,
          deductProcessingFee: deductFee,
          guarantorUserIds: guarantors.map((g) => g.id),
        },
      },
      {
        onSuccess: () => {
          reset();
          props.onOpenChange(false);
          setDone(true);
        },
        // docs/member-portal.md §8: a failed submission is only logged; the step shows the server's
        // reason too.
        onError: (error) => console.error('Loan request failed', error),
      },
    );
  };

  const add = (candidate: GuarantorCandidate) => {
    setErrors({});
    setGuarantors((current) =>
      current.some((g) => g.id === candidate.id) || current.length >= MAX_GUARANTORS
        ? current
        : [...current, candidate],
    );
  };
  const remove = (candidate: GuarantorCandidate) => {
    setErrors({});
    setGuarantors((current) => current.filter((g) => g.id !== candidate.id));
  };

  return (
    <>
      <FormDialog
        open={props.open}
        onOpenChange={close}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        title="Request New Loan"
        description={`Step ${step + 1} of 3: ${STEPS[step]}`}
      >
        <ol className="grid grid-cols-3 gap-2 text-center text-xs" aria-label="Steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
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

        {step === 0 ? (
          <div className="grid gap-4">
            <LoanTermsFields
              amount={amount}
              onAmount={(value) => {
                setAmount(value);
                setErrors((e) => ({ ...e, amount: null }));
              }}
              amountError={errors.amount ?? null}
              term={term}
              onTerm={setTerm}
              deductFee={deductFee}
              onDeductFee={setDeductFee}
            />
            <div className="grid gap-2">
              <Label htmlFor={purposeId}>Purpose</Label>
              <Textarea
                id={purposeId}
                value={purpose}
                maxLength={LOAN_PURPOSE_MAX_LENGTH}
                onChange={(event) => {
                  setPurpose(event.target.value);
                  setErrors((e) => ({ ...e, purpose: null }));
                }}
                aria-invalid={errors.purpose ? true : undefined}
                placeholder="What is the loan for?"
              />
              <p className="text-xs text-muted-foreground">
                {purpose.length}/{LOAN_PURPOSE_MAX_LENGTH} characters
              </p>
              {errors.purpose ? <p className="text-sm text-destructive">{errors.purpose}</p> : null}
            </div>
          </div>
        ) : null}

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
                      onClick={() => remove(g)}
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
                ids: [props.currentUser.id, ...guarantors.map((g) => g.id)],
                emails: [props.currentUser.email.toLowerCase()],
              }}
              onPick={add}
              disabledReason={
                guarantors.length >= MAX_GUARANTORS
                  ? `You can select a maximum of ${MAX_GUARANTORS} guarantors`
                  : null
              }
            />
            {errors.guarantors ? (
              <p className="text-sm text-destructive" role="alert">
                {errors.guarantors}
              </p>
            ) : null}
          </div>
        ) : null}

        {step === 2 ? (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Amount</dt>
              <dd>{naira(Number(amount))}</dd>
              <dt className="text-muted-foreground">Interest rate</dt>
              <dd>{calculation ? `${Math.round(calculation.calculation.interestRate)}%` : '—'}</dd>
              <dt className="text-muted-foreground">Purpose</dt>
              <dd className="break-words">{purpose.trim()}</dd>
              <dt className="text-muted-foreground">Term</dt>
              <dd>{term} months</dd>
              <dt className="text-muted-foreground">Guarantors</dt>
              <dd>{guarantors.length}</dd>
              <dt className="text-muted-foreground">Total repayment</dt>
              <dd>{calculation ? naira(calculation.calculation.totalRepaymentAmount) : '—'}</dd>
              <dt className="text-muted-foreground">Monthly payments</dt>
              <dd>{calculation ? naira(calculation.calculation.monthlyRepayment) : '—'}</dd>
            </dl>
            {calculation ? (
              <p className="font-medium">{payoutLine(calculation.calculation)}</p>
            ) : null}
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
              Your guarantors will be contacted to accept. Processing fees may apply. Approval is
              subject to verification and guarantor acceptance.
            </div>
            {request.isError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>
                  {failureMessage(request.error, 'Request failed')}
                </AlertDescription>
              </Alert>
            ) : null}
          </div>
        ) : null}

        <DialogFooter className="gap-2">
          {step > 0 ? (
            <Button type="button" variant="outline" onClick={() => setStep(step - 1)}>
              Previous
            </Button>
          ) : null}
          {step < 2 ? (
            <Button
              type="button"
              onClick={() => void next()}
              disabled={step === 0 && (amount === '' || purpose.trim() === '')}
            >
              Next
            </Button>
          ) : (
            <Button type="button" onClick={submit} disabled={request.isPending}>
              {request.isPending ? 'Submitting...' : 'Submit Request'}
            </Button>
          )}
        </DialogFooter>
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
