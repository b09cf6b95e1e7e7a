import {
  LOAN_AMOUNT_STEP_NAIRA,
  MAX_LOAN_AMOUNT_NAIRA,
  REPAYMENT_TERMS_MONTHS,
} from '@coop/shared/constants';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export type Term = (typeof REPAYMENT_TERMS_MONTHS)[number];

/** Loan Amount, the 6/12/18 buttons and the fee checkbox (calculator and wizard step 1). */
export function LoanTermsFields(props: {
  amount: string;
  onAmount: (value: string) => void;
  amountError: string | null;
  term: Term;
  onTerm: (term: Term) => void;
  deductFee: boolean;
  onDeductFee: (value: boolean) => void;
}) {
  const amountId = useId();
  const feeId = useId();
  const errorId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={amountId}>Loan Amount</Label>
        <Input
          id={amountId}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LOAN_AMOUNT_NAIRA}
          step={LOAN_AMOUNT_STEP_NAIRA}
          value={props.amount}
          onChange={(event) => props.onAmount(event.target.value)}
          aria-invalid={props.amountError ? true : undefined}
          aria-describedby={props.amountError ? errorId : undefined}
          placeholder="Enter amount"
        />
        {props.amountError ? (
          <p id={errorId} className="text-sm text-destructive">
            {props.amountError}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Repayment Term</legend>
        {/* Three equal columns: side by side they fit a phone's dialog, never widen it. */}
        <div className="grid grid-cols-3 gap-2">
          {REPAYMENT_TERMS_MONTHS.map((term) => (
            <Button
              key={term}
              className="min-w-0 px-2"
              type="button"
              variant={props.term === term ? 'default' : 'outline'}
              aria-pressed={props.term === term}
              onClick={() => props.onTerm(term)}
            >
              {term} months
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <Checkbox
          id={feeId}
          checked={props.deductFee}
          onCheckedChange={(checked) => props.onDeductFee(checked === true)}
        />
        <Label htmlFor={feeId}>Deduct processing fees from loan amount</Label>
      </div>
    </div>
  );
}
