import { formatMonth, toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import {
  REMITTANCE_MESSAGES,
  REMITTANCE_REFERENCE_MAX_LENGTH,
  remittanceEarliestDate,
} from '@coop/shared/payroll-remittance-rules';
import type { PayrollGroupRef } from '@coop/shared/deductions';
import type { RecordRemittanceForm } from '@coop/shared/payroll-remittances';
import { FieldsDialog } from '../../../../components/dialogs/fields-dialog';
import { DialogFacts } from '../../../../components/dialogs/form-dialog';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useRecordRemittance } from '../../api/record-remittance';
import type { RemittanceFormContext } from './remittance-validation';

const FIELDS = ['amount', 'receivedOn', 'reference'] as const;
const resolver = lazyResolver<RecordRemittanceForm, RecordRemittanceForm, RemittanceFormContext>(
  () => import('./remittance-validation').then((module) => module.remittanceResolver),
);

/** The month and group a remittance is for, and what they still owe. */
export type RemittanceTarget = {
  month: string;
  payrollGroup: PayrollGroupRef;
  deducted: number;
  remitted: number;
  outstanding: number;
};

/**
 * Record remittance, on a month and group that still owe (docs/decisions/157-payroll-remittances.md):
 * the amount received (at most what is outstanding; the server says so if it is more), the day it
 * reached the bank and the bank's reference, whose window (from the month's start to today) the
 * form checks with the month and today as its context. A month remitted in full loses its button
 * as the lists refresh; the kit reads the answer from the promise, so the toast still shows.
 */
export function RecordRemittanceDialog({ target }: { target: RemittanceTarget }) {
  const action = useRecordRemittance();
  const { month, payrollGroup: group } = target;
  return (
    <FieldsDialog<RecordRemittanceForm, RemittanceFormContext>
      trigger={
        <Button className="md:h-8 md:px-3">
          Record remittance
          <span className="sr-only">
            {' '}
            from {group.code} for {formatMonth(month)}
          </span>
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title="Record a remittance"
      description={`Money ${group.name} paid over to the cooperative's bank account for ${formatMonth(month)}. It moves from the payroll receivable to the bank.`}
      resolver={resolver}
      context={() => ({ month, today: toIsoDateInTimeZone(new Date()) })}
      defaultValues={({ today }) => ({
        amount: target.outstanding,
        receivedOn: today,
        reference: '',
      })}
      fields={FIELDS}
      texts={{
        submit: 'Record remittance',
        pending: 'Recording...',
        failure: REMITTANCE_MESSAGES.recordFailed,
        success: REMITTANCE_MESSAGES.recorded,
      }}
      send={(values, key) =>
        action.mutateAsync({
          idempotencyKey: key,
          values: { month, payrollGroupId: group.id, ...values },
        })
      }
    >
      {({ register, formState: { errors } }, id, { today }) => (
        <>
          <DialogFacts
            facts={[
              ['Payroll group', `${group.name} (${group.code})`],
              ['Month', formatMonth(month)],
              ['Deducted', formatNaira(target.deducted)],
              ['Remitted so far', formatNaira(target.remitted)],
              ['Outstanding', formatNaira(target.outstanding)],
            ]}
          />
          <FormField id={`${id}-amount`} label="Amount received (₦)" error={errors.amount?.message}>
            <Input
              type="number"
              min={0.01}
              max={target.outstanding}
              step="0.01"
              inputMode="decimal"
              required
              {...register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id={`${id}-date`} label="Date received" error={errors.receivedOn?.message}>
            <Input
              type="date"
              min={remittanceEarliestDate(month)}
              max={today}
              required
              {...register('receivedOn')}
            />
          </FormField>
          <FormField
            id={`${id}-reference`}
            label="Bank reference"
            error={errors.reference?.message}
          >
            <Input
              required
              maxLength={REMITTANCE_REFERENCE_MAX_LENGTH}
              autoComplete="off"
              placeholder="As on the bank statement"
              {...register('reference')}
            />
          </FormField>
        </>
      )}
    </FieldsDialog>
  );
}
