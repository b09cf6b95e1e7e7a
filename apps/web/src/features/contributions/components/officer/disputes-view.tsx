import {
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_NOTE_MIN_LENGTH,
} from '@coop/shared/contribution-rules';
import type { Dispute } from '@coop/shared/contributions';
import { formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { PaginationFooter } from '../../../../components/list/pagination-footer';
import { QueryState } from '../../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { adminMemberPath } from '../../../../config/paths';
import { failureMessage, fieldErrors } from '../../../../lib/api-client';
import type { ListParams } from '../../../../lib/use-list-params';
import { useDisputes } from '../../api/get-disputes';
import { useResolveDispute } from '../../api/resolve-dispute';
import { DISPUTE_LIST_CONFIG } from './dispute-list-config';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { DialogActions, FormDialog } from '../../../../components/dialogs/form-dialog';

function ResolveForm({ dispute, onDone }: { dispute: Dispute; onDone: () => void }) {
  const id = useId();
  const resolve = useResolveDispute();
  const [key] = useState(() => crypto.randomUUID());
  const [note, setNote] = useState('');
  const [memberWasRight, setMemberWasRight] = useState(false);
  const [savings, setSavings] = useState(String(dispute.savingsAmount));
  const [shares, setShares] = useState(String(dispute.shareHoldingAmount));
  const errors = resolve.isError ? fieldErrors(resolve.error) : {};
  const noteOk = note.trim().length >= DISPUTE_NOTE_MIN_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!noteOk) return;
    resolve.mutate(
      {
        id: dispute.id,
        key,
        values: {
          note,
          memberWasRight,
          ...(memberWasRight
            ? { correctedSavings: Number(savings), correctedShares: Number(shares) }
            : {}),
        },
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? DISPUTE_MESSAGES.disputeResolved);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
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
              onChange={() => setMemberWasRight(value)}
            />
            <Label htmlFor={`${id}-right-${String(value)}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
      {memberWasRight ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-savings`}
            label="Savings really deducted (₦)"
            error={errors.correctedSavings}
          >
            <Input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={savings}
              onChange={(e) => setSavings(e.target.value)}
            />
          </FormField>
          <FormField
            id={`${id}-shares`}
            label="Share holding really deducted (₦)"
            error={errors.correctedShares}
          >
            <Input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={shares}
              onChange={(e) => setShares(e.target.value)}
            />
          </FormField>
        </div>
      ) : null}
      <FormField
        id={`${id}-note`}
        label="Resolution note"
        error={errors.note}
        describedBy={`${id}-count`}
      >
        <Textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={DISPUTE_NOTE_MAX_LENGTH}
          rows={4}
          required
        />
      </FormField>
      <p id={`${id}-count`} className="-mt-2 text-sm text-muted-foreground">
        {note.length}/{DISPUTE_NOTE_MAX_LENGTH} characters, at least {DISPUTE_NOTE_MIN_LENGTH}
      </p>
      {resolve.isError && Object.keys(errors).length === 0 ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {failureMessage(resolve.error, 'The dispute could not be resolved')}
          </AlertDescription>
        </Alert>
      ) : null}
      <DialogActions
        submitLabel="Resolve dispute"
        pendingLabel="Resolving..."
        pending={resolve.isPending}
        disabled={!noteOk}
      />
    </form>
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
  { id: 'total', header: 'Total', align: 'end', cell: (row) => formatNaira(row.totalAmount) },
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
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of="contribution" status={row.status} />,
  },
];

/** The dispute queue: oldest first; resolve each with a note. */
export function DisputesList<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const disputes = useDisputes(list.query);
  const errorMessage = disputes.isError
    ? failureMessage(disputes.error, 'Failed to fetch disputes')
    : null;
  const totalPages = disputes.isPlaceholderData ? undefined : disputes.data?.pagination.totalPages;
  const { page, keepPageInRange } = list;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) keepPageInRange(totalPages);
  }, [page, totalPages, keepPageInRange]);
  const rows = disputes.data?.data ?? [];
  const resolvedView = list.filters.status === 'resolved';
  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryState
        isPending={disputes.isPending}
        errorMessage={errorMessage}
        onRetry={() => void disputes.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={
          resolvedView ? DISPUTE_MESSAGES.resolvedEmpty : DISPUTE_MESSAGES.disputesEmpty
        }
        loadingLabel="Loading disputes"
      >
        <DataTable
          caption={resolvedView ? 'Resolved disputes' : 'Disputed contributions'}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          getRowLabel={(row) =>
            `${row.member.firstName} ${row.member.lastName}, ${formatMonth(row.contributionMonth)}`
          }
          rowActions={(row) => (row.status === 'disputed' ? <ResolveDialog dispute={row} /> : null)}
          busy={disputes.isPlaceholderData}
        />
      </QueryState>
      {disputes.data && errorMessage === null ? (
        <PaginationFooter
          label="Dispute pages"
          pagination={disputes.data.pagination}
          pageSizeOptions={DISPUTE_LIST_CONFIG.pageSizeOptions}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </div>
  );
}
