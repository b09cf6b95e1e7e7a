import type {
  CreatePayrollGroupInput,
  PayrollGroup,
  RenamePayrollGroupInput,
} from '@coop/shared/deductions';
import { DEDUCTION_MESSAGES } from '@coop/shared/deduction-rules';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DialogActions,
  DialogFailure,
  FormDialog,
} from '../../../../components/dialogs/form-dialog';
import { Form } from '../../../../components/form/form';
import { FormField } from '../../../../components/form/form-field';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { RecordState } from '../../../../components/list/record-state';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { toast } from '../../../../lib/toast';
import {
  useCreatePayrollGroup,
  usePayrollGroups,
  useRenamePayrollGroup,
} from '../../api/payroll-groups';

const createResolver = lazyResolver<CreatePayrollGroupInput>(() =>
  import('./payroll-group-validation').then((module) => module.createGroupResolver),
);
const renameResolver = lazyResolver<RenamePayrollGroupInput>(() =>
  import('./payroll-group-validation').then((module) => module.renameGroupResolver),
);

const columns: readonly DataTableColumn<PayrollGroup>[] = [
  { id: 'code', header: 'Code', cell: (row) => row.code },
  {
    id: 'name',
    header: 'Name',
    cell: (row) => <span className="whitespace-normal">{row.name}</span>,
  },
  {
    id: 'members',
    header: 'Members',
    cell: (row) => <span className="tabular-nums">{row.members}</span>,
  },
  { id: 'rename', header: 'Actions', cell: (row) => <RenameGroupDialog group={row} /> },
];

/**
 * The payroll groups (docs/decisions/151): each payroll office by the code its files carry, its
 * name and its members this month; "Add group", and "Rename" (the code never changes, since
 * files name the group by it).
 */
export function PayrollGroupsSection() {
  const query = usePayrollGroups();
  return (
    <section aria-labelledby="groups-heading" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="groups-heading" className="text-lg font-semibold">
          Payroll groups
        </h2>
        <AddGroupDialog />
      </div>
      <RecordState
        query={query}
        failure="Failed to fetch the payroll groups"
        loadingLabel="Loading the payroll groups"
      >
        {(answer) =>
          answer.data.length === 0 ? (
            <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
              No payroll groups yet. Add one for each payroll office that deducts for members.
            </p>
          ) : (
            <DataTable
              caption="Payroll groups"
              rows={answer.data}
              getRowId={(row) => row.id}
              getRowLabel={(row) => `${row.code}, ${row.name}`}
              columns={columns}
            />
          )
        }
      </RecordState>
    </section>
  );
}

function AddGroupDialog() {
  const action = useCreatePayrollGroup();
  return (
    <FormDialog
      trigger={<Button variant="outline">Add group</Button>}
      title="Add payroll group"
      description="A payroll office that deducts for members. Its code is the one its files and schedules carry, and cannot change later."
      busy={action.isPending}
    >
      {(close) => <AddGroupForm action={action} onDone={close} />}
    </FormDialog>
  );
}

function AddGroupForm({
  action,
  onDone,
}: {
  action: ReturnType<typeof useCreatePayrollGroup>;
  onDone: () => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreatePayrollGroupInput>({
    resolver: createResolver,
    defaultValues: { code: '', name: '' },
  });
  const onSubmit = (values: CreatePayrollGroupInput) =>
    action.mutate(
      { values, idempotencyKey: key },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? DEDUCTION_MESSAGES.groupCreated);
          onDone();
        },
        onError: (error) =>
          showSubmitFailure(error, setError, ['code', 'name'], 'The group could not be added'),
      },
    );
  return (
    <Form submit={handleSubmit(onSubmit)} preload={createResolver.preload} className="grid gap-4">
      <FormField
        id={`${id}-code`}
        label="Code"
        hint="As payroll files write it, such as MOF-HQ."
        error={errors.code?.message}
      >
        <Input required autoComplete="off" maxLength={20} {...register('code')} />
      </FormField>
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        <Input required autoComplete="off" maxLength={120} {...register('name')} />
      </FormField>
      <DialogFailure message={errors.root?.server?.message} />
      <DialogActions pending={action.isPending} pendingLabel="Adding..." submitLabel="Add group" />
    </Form>
  );
}

function RenameGroupDialog({ group }: { group: PayrollGroup }) {
  const action = useRenamePayrollGroup();
  return (
    <FormDialog
      trigger={
        <Button variant="outline" className="md:h-8 md:px-3">
          Rename<span className="sr-only"> {group.code}</span>
        </Button>
      }
      title={`Rename ${group.code}`}
      description="The code stays as it is: payroll files and schedules name the group by it."
      busy={action.isPending}
    >
      {(close) => <RenameGroupForm group={group} action={action} onDone={close} />}
    </FormDialog>
  );
}

function RenameGroupForm({
  group,
  action,
  onDone,
}: {
  group: PayrollGroup;
  action: ReturnType<typeof useRenamePayrollGroup>;
  onDone: () => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RenamePayrollGroupInput>({
    resolver: renameResolver,
    defaultValues: { name: group.name },
  });
  const onSubmit = (values: RenamePayrollGroupInput) =>
    action.mutate(
      { id: group.id, values, idempotencyKey: key },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? DEDUCTION_MESSAGES.groupRenamed);
          onDone();
        },
        onError: (error) =>
          showSubmitFailure(error, setError, ['name'], 'The group could not be renamed'),
      },
    );
  return (
    <Form submit={handleSubmit(onSubmit)} preload={renameResolver.preload} className="grid gap-4">
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        <Input required autoComplete="off" maxLength={120} {...register('name')} />
      </FormField>
      <DialogFailure message={errors.root?.server?.message} />
      <DialogActions pending={action.isPending} pendingLabel="Saving..." submitLabel="Rename" />
    </Form>
  );
}
