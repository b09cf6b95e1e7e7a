import type {
  CreatePayrollGroupInput,
  PayrollGroup,
  RenamePayrollGroupInput,
} from '@coop/shared/deductions';
import { DEDUCTION_MESSAGES } from '@coop/shared/deduction-rules';
import { FieldsDialog } from '../../../../components/dialogs/fields-dialog';
import { FormField } from '../../../../components/form/form-field';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { RecordState } from '../../../../components/list/record-state';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { lazyResolver } from '../../../../lib/lazy-resolver';
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
    <FieldsDialog<CreatePayrollGroupInput>
      trigger={<Button variant="outline">Add group</Button>}
      title="Add payroll group"
      description="A payroll office that deducts for members. Its code is the one its files and schedules carry, and cannot change later."
      resolver={createResolver}
      defaultValues={{ code: '', name: '' }}
      fields={['code', 'name']}
      texts={{
        submit: 'Add group',
        pending: 'Adding...',
        failure: 'The group could not be added',
        success: DEDUCTION_MESSAGES.groupCreated,
      }}
      send={(values, key) => action.mutateAsync({ values, idempotencyKey: key })}
    >
      {({ register, formState: { errors } }, id) => (
        <>
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
        </>
      )}
    </FieldsDialog>
  );
}

function RenameGroupDialog({ group }: { group: PayrollGroup }) {
  const action = useRenamePayrollGroup();
  return (
    <FieldsDialog<RenamePayrollGroupInput>
      trigger={
        <Button variant="outline" className="md:h-8 md:px-3">
          Rename<span className="sr-only"> {group.code}</span>
        </Button>
      }
      title={`Rename ${group.code}`}
      description="The code stays as it is: payroll files and schedules name the group by it."
      resolver={renameResolver}
      defaultValues={{ name: group.name }}
      fields={['name']}
      texts={{
        submit: 'Rename',
        pending: 'Saving...',
        failure: 'The group could not be renamed',
        success: DEDUCTION_MESSAGES.groupRenamed,
      }}
      send={(values, key) => action.mutateAsync({ id: group.id, values, idempotencyKey: key })}
    >
      {({ register, formState: { errors } }, id) => (
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          <Input required autoComplete="off" maxLength={120} {...register('name')} />
        </FormField>
      )}
    </FieldsDialog>
  );
}
