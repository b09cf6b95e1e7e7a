import {
  CONTRIBUTION_STATUS_DISPLAY,
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_NOTE_MIN_LENGTH,
} from '@coop/shared/contribution-rules';
import type { Dispute, ResolveDisputeInput } from '@coop/shared/contributions';
import { formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { Button } from '../../../../components/ui/button';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { adminMemberPath } from '../../../../config/paths';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import type { ListParams } from '../../../../lib/use-list-params';
import { useDisputes } from '../../api/get-disputes';
import { useResolveDispute } from '../../api/resolve-dispute';
import { DISPUTE_LIST_CONFIG } from './dispute-list-config';
import { PagedTable } from '../../../../components/list/paged-table';
import {
  DialogActions,
  DialogFailure,
  FormDialog,
} from '../../../../components/dialogs/form-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
import { AmountInput } from '../../../../components/ui/amount-input';
import { Form } from '../../../../components/form/form';

const RESOLVE_FIELDS = ['note', 'correctedSavings', 'correctedShares'] as const;
const resolver = lazyResolver<ResolveDisputeInput>(() =>
  import('./resolve-dispute-validation').then((module) => module.resolveDisputeResolver),
);

/**
 * An emptied amount is left out, so the API's rule names the amount that is missing. The value is
 * the default's number until the field is typed in.
 */
const optionalNumber = (value: string | number) =>
  typeof value === 'string' && value.trim() === '' ? undefined : Number(value);

function ResolveForm({ dispute, onDone }: { dispute: Dispute; onDone: () => void }) {
  const id = useId();
  const resolve = useResolveDispute();
  const [key] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ResolveDisputeInput>({
    resolver,
    defaultValues: {
      note: '',
      memberWasRight: false,
      correctedSavings: dispute.savingsAmount,
      correctedShares: dispute.shareHoldingAmount,
    },
  });
  const [note, memberWasRight] = useWatch({ control, name: ['note', 'memberWasRight'] });
  // The count says the minimum before the officer tries, as in every reason dialog
  // (docs/decisions/124-dialog-kit.md): the button waits for it.
  const noteOk = note.trim().length >= DISPUTE_NOTE_MIN_LENGTH;
  // The answer is read from the promise, not from callbacks of this form's: the resolved row leaves
  // the list as the lists refresh, before the mutation ends, and this form with it (a callback
  // passed to `mutate` is dropped once its form is gone; the officer saw no toast).
  const onSubmit = (values: ResolveDisputeInput) =>
    resolve.mutateAsync({ id: dispute.id, idempotencyKey: key, values }).then(
      ({ message }) => {
        toast.success(message ?? DISPUTE_MESSAGES.disputeResolved);
        onDone();
      },
      (error: unknown) =>
        showSubmitFailure(error, setError, RESOLVE_FIELDS, 'The dispute could not be resolved'),
    );
  return (
    <Form
      submit={handleSubmit(onSubmit)}
      preload={resolver.preload}
      className="grid grid-cols-1 gap-4"
    >
      <blockquote className="rounded-lg border-l-4 bg-muted p-3 text-sm">
        <span className="font-medium">Member’s reason: </span>
        {dispute.disputeReason}
      </blockquote>
      <fieldset className="grid grid-cols-1 gap-2">
        <legend className="mb-1 text-sm font-medium">Was the member right?</legend>
        {(
          [
            [false, 'No: the recorded amounts stand'],
            [true, 'Yes: correct the amounts (posts an adjustment)'],
          ] as const
        ).map(([value, label]) => (
          <div key={String(value)} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-right-${String(value)}`}
              name={`${id}-right`}
              className="size-4 accent-primary"
              checked={memberWasRight === value}
              onChange={() => setValue('memberWasRight', value)}
            />
            <Label htmlFor={`${id}-right-${String(value)}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
      {memberWasRight ? (
        // Sent only while shown: the amounts stand when the member was not right.
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-savings`}
            label="Savings really deducted (₦)"
            error={errors.correctedSavings?.message}
          >
            <AmountInput
              {...register('correctedSavings', {
                setValueAs: optionalNumber,
                shouldUnregister: true,
              })}
            />
          </FormField>
          <FormField
            id={`${id}-shares`}
            label="Share holding really deducted (₦)"
            error={errors.correctedShares?.message}
          >
            <AmountInput
              {...register('correctedShares', {
                setValueAs: optionalNumber,
                shouldUnregister: true,
              })}
            />
          </FormField>
        </div>
      ) : null}
      <FormField
        id={`${id}-note`}
        label="Resolution note"
        error={errors.note?.message}
        describedBy={`${id}-count`}
      >
        <Textarea maxLength={DISPUTE_NOTE_MAX_LENGTH} rows={4} required {...register('note')} />
      </FormField>
      <p id={`${id}-count`} className="-mt-2 text-sm text-muted-foreground">
        {note.length}/{DISPUTE_NOTE_MAX_LENGTH} characters, at least {DISPUTE_NOTE_MIN_LENGTH}
      </p>
      <DialogFailure message={errors.root?.server?.message} />
      <DialogActions
        submitLabel="Resolve dispute"
        pendingLabel="Resolving..."
        pending={resolve.isPending}
        disabled={!noteOk}
      />
    </Form>
  );
}

function ResolveDialog({ dispute }: { dispute: Dispute }) {
  const [open, setOpen] = useState(false);
  const month = formatMonth(dispute.contributionMonth);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="md:h-8 md:px-3">
          Resolve
          <span className="sr-only">
            {' '}
            {dispute.member.firstName} {dispute.member.lastName}’s {month} dispute
          </span>
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={<>Resolve dispute</>}
      description={
        <>
          {dispute.member.firstName} {dispute.member.lastName}, {month}: savings{' '}
          {formatNaira(dispute.savingsAmount)}, share holding{' '}
          {formatNaira(dispute.shareHoldingAmount)}.
        </>
      }
    >
      <ResolveForm dispute={dispute} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

const columns: readonly DataTableColumn<Dispute>[] = [
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <Link
        className="font-medium text-primary underline-offset-4 hover:underline"
        to={adminMemberPath(row.member.id)}
      >
        {row.member.firstName} {row.member.lastName}
        <span className="block text-sm font-normal text-muted-foreground">
          {row.member.membershipId}
        </span>
      </Link>
    ),
  },
  { id: 'month', header: 'Month', cell: (row) => formatMonth(row.contributionMonth) },
  moneyColumn('total', 'Total', (row) => row.totalAmount),
  {
    id: 'reason',
    header: 'Reason',
    cell: (row) => (
      <span className="line-clamp-3 max-w-xs min-w-48 whitespace-normal">
        {row.resolutionNote ?? row.disputeReason}
      </span>
    ),
  },
  {
    id: 'date',
    header: 'Disputed',
    cell: (row) => (row.disputeDate ? formatDisplayDateTime(row.disputeDate) : ''),
  },
  statusColumn(CONTRIBUTION_STATUS_DISPLAY, (row) => row.status),
];

/** The dispute queue: oldest first; resolve each with a note. */
export function DisputesList<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const disputes = useDisputes(list.query);
  const resolvedView = list.filters.status === 'resolved';
  return (
    <PagedTable
      list={list}
      query={disputes}
      failure="Failed to fetch disputes"
      caption={resolvedView ? 'Resolved disputes' : 'Disputed contributions'}
      columns={columns}
      getRowLabel={(row) =>
        `${row.member.firstName} ${row.member.lastName}, ${formatMonth(row.contributionMonth)}`
      }
      rowActions={(row) => (row.status === 'disputed' ? <ResolveDialog dispute={row} /> : null)}
      emptyMessage={resolvedView ? DISPUTE_MESSAGES.resolvedEmpty : DISPUTE_MESSAGES.disputesEmpty}
      loadingLabel="Loading disputes"
      pageLabel="Dispute pages"
      pageSizeOptions={DISPUTE_LIST_CONFIG.pageSizeOptions}
    />
  );
}
