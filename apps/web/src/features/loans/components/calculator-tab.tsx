import { loanAmountError } from '@coop/shared/loan-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { useCalculateLoan } from '../api/calculate-loan';
import { CalculationView } from './calculation-view';
import { LoanTermsFields, type Term } from './loan-terms-fields';

/** docs/member-portal.md §2 Loan Calculator tab. */
export function CalculatorTab() {
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState<Term>(6);
  const [deductFee, setDeductFee] = useState(true);
  const [amountError, setAmountError] = useState<string | null>(null);
  const calculate = useCalculateLoan();

  const submit = () => {
    const value = amount === '' ? null : Number(amount);
    const error = loanAmountError(value);
    setAmountError(error);
    if (error || value === null) return;
    calculate.mutate({
      requestedAmount: value,
      repaymentTermMonths: term,
      deductProcessingFee: deductFee,
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <form
        noValidate
        className="grid content-start gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <LoanTermsFields
          amount={amount}
          onAmount={(value) => {
            setAmount(value);
            setAmountError(null);
          }}
          amountError={amountError}
          term={term}
          onTerm={setTerm}
          deductFee={deductFee}
          onDeductFee={setDeductFee}
        />
        <Button type="submit" disabled={calculate.isPending || amount === ''}>
          {calculate.isPending ? 'Calculating...' : 'Calculate Loan'}
        </Button>
      </form>
      <div>
        {calculate.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {failureMessage(calculate.error, FALLBACK_MESSAGES.calculateLoan)}
            </AlertDescription>
          </Alert>
        ) : null}
        {calculate.data ? <CalculationView result={calculate.data} /> : null}
      </div>
    </div>
  );
}
