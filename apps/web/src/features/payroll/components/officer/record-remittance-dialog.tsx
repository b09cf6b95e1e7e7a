import { formatMonth, toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import {
  REMITTANCE_MESSAGES,
  REMITTANCE_REFERENCE_MAX_LENGTH,
  remittanceEarliestDate,
} from '@coop/shared/payroll-remittance-rules';
import type { PayrollGroupRef } from '@coop/shared/deductions';
import type { RecordRemittanceForm } from '@coop/shared/payroll-remittances';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DialogActions,
  DialogFacts,
  DialogFailure,
  FormDialog,
} from '../../../../components/dialogs/form-dialog';
import { Form } from '../../../../components/form/form';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { toast } from '../../../../lib/toast';
import { useRecordRemittance } from '../../api/record-remittance';
import type { RemittanceFormContext } from './remittance-validation';

const FIELDS = ['amount', 'receivedOn', 'reference'] as const;
const resolver = lazyResolver<RecordRemittanceForm>(() =>
  import('./remittance-validation').then((module) => module.remittanceResolver),
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
 * reached the bank and the bank's reference. Busy while sent, so Escape does not hide the outcome.
 */
export function RecordRemittanceDialog({ target }: { target: RemittanceTarget }) {
  const action = useRecordRemittance();
  const { month, payrollGroup: group } = target;
  return (
    <FormDialog
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
      busy={action.isPending}
    >
      {(close) => <RemittanceForm target={target} action={action} onDone={close} />}
    </FormDialog>
  );
}

function RemittanceForm({
  target,
  action,
  onDone,
}: {
  target: RemittanceTarget;
  action: ReturnType<typeof useRecordRemittance>;
  onDone: () => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const [context] = useState<RemittanceFormContext>(() => ({
    month: target.month,
    today: toIsoDateInTimeZone(new Date()),
  }));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecordRemittanceForm>({
    resolver,
    context,
    defaultValues: { amount: target.outstanding, receivedOn: context.today, reference: '' },
  });
  // The answer is read from the promise, not from callbacks of this form's: a month remitted in
  // full loses its Record remittance as the lists refresh, before the mutation ends, and this form
  // with it (a callback passed to `mutate` is dropped once its form is gone: no toast).
  const onSubmit = (values: RecordRemittanceForm) =>
    action
      .mutateAsync({
        idempotencyKey: key,
        values: { month: target.month, payrollGroupId: target.payrollGroup.id, ...values },
      })
      .then(
        ({ message }) => {
          toast.success(message ?? REMITTANCE_MESSAGES.recorded);
          onDone();
        },
        (error: unknown) =>
          showSubmitFailure(error, setError, FIELDS, REMITTANCE_MESSAGES.recordFailed),
      );
  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFacts
        facts={[
          ['Payroll group', `${target.payrollGroup.name} (${target.payrollGroup.code})`],
          ['Month', formatMonth(target.month)],
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
          min={remittanceEarliestDate(target.month)}
          max={context.today}
          required
          {...register('receivedOn')}
        />
      </FormField>
      <FormField id={`${id}-reference`} label="Bank reference" error={errors.reference?.message}>
        <Input
          required
          maxLength={REMITTANCE_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          placeholder="As on the bank statement"
          {...register('reference')}
        />
      </FormField>
      <DialogFailure message={errors.root?.server?.message} />
      <DialogActions
        pending={action.isPending}
        pendingLabel="Recording..."
        submitLabel="Record remittance"
      />
    </Form>
  );
}
