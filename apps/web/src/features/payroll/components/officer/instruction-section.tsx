import type {
  AdminInstructionDetail,
  DeductionInstruction,
  PayrollGroup,
} from '@coop/shared/deductions';
import type { SetInstructionInput } from '@coop/shared/deductions';
import {
  CHANGE_REQUEST_STATUS_DISPLAY,
  DEDUCTION_MESSAGES,
  INSTRUCTION_SOURCE_LABELS,
} from '@coop/shared/deduction-rules';
import { formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DialogActions,
  DialogFailure,
  FormDialog,
} from '../../../../components/dialogs/form-dialog';
import { Form } from '../../../../components/form/form';
import { FormField } from '../../../../components/form/form-field';
import { moneyColumn } from '../../../../components/list/columns';
import { RecordSection } from '../../../../components/list/record-section';
import { RecordState } from '../../../../components/list/record-state';
import { AmountInput } from '../../../../components/ui/amount-input';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { toast } from '../../../../lib/toast';
import { useMemberInstruction, useSetMemberInstruction } from '../../api/member-instruction';
import { usePayrollGroups } from '../../api/payroll-groups';

const FIELDS = [
  'payrollGroupId',
  'staffNumber',
  'savingsAmount',
  'shareAmount',
  'effectiveMonth',
] as const;
const FAILURE = 'The instruction could not be saved';
const resolver = lazyResolver<SetInstructionInput>(() =>
  import('./instruction-validation').then((module) => module.instructionResolver),
);

/**
 * A member's deduction instruction on their back-office page (docs/decisions/151): the one in
 * effect, the one set for a later month, the open change request, the history, and the officer's
 * "Change instruction" (or "Set instruction" for a member without one).
 */
export function InstructionSection({ userId, name }: { userId: string; name: string }) {
  const query = useMemberInstruction(userId);
  return (
    <section aria-labelledby="instruction-heading" className="grid grid-cols-1 gap-3">
      <h2 id="instruction-heading" className="text-lg font-semibold">
        Deduction instruction
      </h2>
      <RecordState
        query={query}
        failure="Failed to fetch the deduction instruction"
        loadingLabel="Loading the deduction instruction"
      >
        {(answer) => <InstructionDetail detail={answer.data} userId={userId} name={name} />}
      </RecordState>
    </section>
  );
}

function InstructionFacts({ instruction }: { instruction: DeductionInstruction }) {
  const facts: [string, string][] = [
    ['Payroll group', `${instruction.payrollGroup.name} (${instruction.payrollGroup.code})`],
    ['Staff number', instruction.staffNumber],
    ['Savings', formatNaira(instruction.savingsAmount)],
    ['Shares', formatNaira(instruction.shareAmount)],
    ['Since', formatMonth(instruction.effectiveMonth)],
  ];
  return (
    // The group names the facts for assistive technology; a <dl> itself takes no role.
    <div role="group" aria-label="Instruction in effect">
      <dl className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function InstructionDetail({
  detail,
  userId,
  name,
}: {
  detail: AdminInstructionDetail;
  userId: string;
  name: string;
}) {
  const { current, upcoming, openRequest } = detail;
  return (
    <div className="grid grid-cols-1 gap-3">
      {current ? (
        <InstructionFacts instruction={current} />
      ) : (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
          {name} has no deduction instruction in effect this month.
        </p>
      )}
      {upcoming ? (
        <p className="text-sm">
          From {formatMonth(upcoming.effectiveMonth)}: savings {formatNaira(upcoming.savingsAmount)}
          , shares {formatNaira(upcoming.shareAmount)} ({upcoming.payrollGroup.code}).
        </p>
      ) : null}
      {openRequest ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge of={CHANGE_REQUEST_STATUS_DISPLAY} status={openRequest.status} />
          Change requested: savings {formatNaira(openRequest.savingsAmount)}, shares{' '}
          {formatNaira(openRequest.shareAmount)} from {formatMonth(openRequest.effectiveMonth)}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <InstructionDialog detail={detail} userId={userId} name={name} />
      </div>
      <RecordSection<DeductionInstruction>
        title="Instruction history"
        rows={detail.history}
        label={(row) => `Instruction from ${formatMonth(row.effectiveMonth)}`}
        empty="No instructions yet"
        columns={[
          { id: 'from', header: 'From', cell: (row) => formatMonth(row.effectiveMonth) },
          { id: 'group', header: 'Group', cell: (row) => row.payrollGroup.code },
          { id: 'staff', header: 'Staff number', cell: (row) => row.staffNumber },
          moneyColumn('savings', 'Savings', (row) => row.savingsAmount),
          moneyColumn('shares', 'Shares', (row) => row.shareAmount),
          {
            id: 'source',
            header: 'Source',
            cell: (row) => (
              <span className="whitespace-normal">{INSTRUCTION_SOURCE_LABELS[row.source]}</span>
            ),
          },
          { id: 'set', header: 'Set on', cell: (row) => formatDisplayDateTime(row.createdAt) },
        ]}
      />
    </div>
  );
}

function InstructionDialog({
  detail,
  userId,
  name,
}: {
  detail: AdminInstructionDetail;
  userId: string;
  name: string;
}) {
  const action = useSetMemberInstruction();
  const label = (detail.current ?? detail.upcoming) ? 'Change instruction' : 'Set instruction';
  return (
    <FormDialog
      trigger={<Button variant="outline">{label}</Button>}
      className="max-h-dvh overflow-y-auto"
      title={label}
      description={`What ${name}’s employer deducts each month from the month you choose. The history keeps the earlier instruction.`}
      busy={action.isPending}
    >
      {(close) => (
        <InstructionForm
          detail={detail}
          userId={userId}
          action={action}
          submitLabel={label}
          onDone={close}
        />
      )}
    </FormDialog>
  );
}

type InstructionFormProps = {
  detail: AdminInstructionDetail;
  userId: string;
  action: ReturnType<typeof useSetMemberInstruction>;
  submitLabel: string;
  onDone: () => void;
};

/**
 * The form once the groups are there: a select's value set before its options exist is lost,
 * so the member's group would show as unchosen.
 */
function InstructionForm(props: InstructionFormProps) {
  const groups = usePayrollGroups();
  return (
    <RecordState
      query={groups}
      failure="Failed to fetch the payroll groups"
      loadingLabel="Loading the payroll groups"
    >
      {(answer) => <InstructionFields {...props} groups={answer.data} />}
    </RecordState>
  );
}

function InstructionFields({
  detail,
  userId,
  action,
  submitLabel,
  onDone,
  groups,
}: InstructionFormProps & { groups: readonly PayrollGroup[] }) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const base = detail.upcoming ?? detail.current;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetInstructionInput>({
    resolver,
    defaultValues: {
      payrollGroupId: base?.payrollGroup.id ?? '',
      staffNumber: base?.staffNumber ?? '',
      savingsAmount: base?.savingsAmount ?? 0,
      shareAmount: base?.shareAmount ?? 0,
      effectiveMonth: detail.defaultEffectiveMonth,
    },
  });
  const onSubmit = (values: SetInstructionInput) =>
    action.mutateAsync({ userId, values, idempotencyKey: key }).then(
      ({ message }) => {
        toast.success(message ?? DEDUCTION_MESSAGES.instructionSaved);
        onDone();
      },
      (error: unknown) => showSubmitFailure(error, setError, FIELDS, FAILURE),
    );
  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <FormField id={`${id}-group`} label="Payroll group" error={errors.payrollGroupId?.message}>
        <NativeSelect required {...register('payrollGroupId')}>
          <option value="">Choose a payroll group</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.code}: {group.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-staff`} label="Staff number" error={errors.staffNumber?.message}>
        <Input required autoComplete="off" maxLength={40} {...register('staffNumber')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-savings`}
          label="Savings a month (₦)"
          error={errors.savingsAmount?.message}
        >
          <AmountInput required {...register('savingsAmount', { valueAsNumber: true })} />
        </FormField>
        <FormField
          id={`${id}-shares`}
          label="Shares a month (₦)"
          error={errors.shareAmount?.message}
        >
          <AmountInput required {...register('shareAmount', { valueAsNumber: true })} />
        </FormField>
      </div>
      <FormField
        id={`${id}-month`}
        label="From month"
        hint="The first payroll month it applies to."
        error={errors.effectiveMonth?.message}
      >
        <Input
          type="month"
          required
          min={detail.defaultEffectiveMonth}
          {...register('effectiveMonth')}
        />
      </FormField>
      <DialogFailure message={errors.root?.server?.message} />
      <DialogActions
        pending={action.isPending}
        pendingLabel="Saving..."
        submitLabel={submitLabel}
      />
    </Form>
  );
}
