import { FINE_ISSUE_MAX_MEMBERS } from '@coop/shared/fine-rules';
import type { AdminMember, AdminMemberRef } from '@coop/shared/members';
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { failureMessage, fieldErrors } from '../../../../lib/api-client';
import { useMembersToFine } from '../../api/get-members-to-fine';
import { useIssueFines } from '../../api/issue-fines';
import { memberName } from '../../../../components/list/admin-money-list';
import { DialogActions, FormDialog } from '../../../../components/dialogs/form-dialog';

function MemberPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly AdminMemberRef[];
  onChange: (members: AdminMemberRef[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const found = useMembersToFine({ search: term, limit: 8, page: 1, status: 'active' });
  const results = term.length >= 2 ? (found.data?.data ?? []) : [];
  const chosenIds = new Set(chosen.map((member) => member.id));
  const add = (member: AdminMember) =>
    onChange([
      ...chosen,
      {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        membershipId: member.membershipId,
      },
    ]);
  return (
    <div className="grid gap-3">
      <FormField
        id={`${id}-search`}
        label="Members to fine"
        error={error}
        describedBy={`${id}-hint`}
      >
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by name or membership ID"
          autoComplete="off"
        />
      </FormField>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-muted-foreground">
        Type at least 2 letters, then add each member (up to {FINE_ISSUE_MAX_MEMBERS}).
      </p>
      {results.length > 0 ? (
        <ul aria-label="Matching members" className="grid gap-1 rounded-lg border p-1">
          {results.map((member) => {
            const already = chosenIds.has(member.id);
            return (
              <li key={member.id} className="flex items-center justify-between gap-2 px-2 py-1">
                <span className="min-w-0 text-sm">
                  {member.firstName} {member.lastName}{' '}
                  <span className="text-muted-foreground">{member.membershipId}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={already}
                  onClick={() => add(member)}
                >
                  <Plus aria-hidden="true" />
                  {already ? 'Added' : 'Add'}
                  <span className="sr-only">
                    {' '}
                    {member.firstName} {member.lastName}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : term.length >= 2 && found.isSuccess ? (
        <p className="text-sm text-muted-foreground">No active member matches “{term}”.</p>
      ) : null}
      <div aria-live="polite">
        {chosen.length > 0 ? (
          <ul aria-label="Chosen members" className="flex flex-wrap gap-2">
            {chosen.map((member) => (
              <li key={member.id}>
                <Badge variant="info" className="gap-1 py-1 pr-1">
                  {memberName(member)} ({member.membershipId})
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onChange(chosen.filter((other) => other.id !== member.id))}
                  >
                    <X aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">Remove {memberName(member)}</span>
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No member chosen yet.</p>
        )}
      </div>
    </div>
  );
}

function IssueFineForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const issue = useIssueFines();
  const [key] = useState(() => crypto.randomUUID());
  const [members, setMembers] = useState<AdminMemberRef[]>([]);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [tried, setTried] = useState(false);
  const errors = issue.isError ? fieldErrors(issue.error) : {};
  const local = {
    userIds: members.length === 0 ? 'Choose at least one member' : undefined,
    reason: reason.trim().length < 3 ? 'Reason must be at least 3 characters' : undefined,
    amount: !(Number(amount) > 0) ? 'Enter a valid amount greater than 0' : undefined,
  };
  const shown = (field: keyof typeof local) => (tried ? local[field] : undefined) ?? errors[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (local.userIds || local.reason || local.amount) return;
    issue.mutate(
      {
        key,
        values: {
          userIds: members.map((member) => member.id),
          reason: reason.trim(),
          amount: Number(amount),
          ...(dueDate ? { dueDate } : {}),
        },
      },
      {
        onSuccess: ({ message }) => {
          if (message) toast.success(message);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
      <MemberPicker chosen={members} onChange={setMembers} error={shown('userIds')} />
      <FormField id={`${id}-reason`} label="Reason" error={shown('reason')}>
        <Input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          placeholder="e.g. Absent from the AGM"
          required
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-amount`} label="Amount (₦)" error={shown('amount')}>
          <Input
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
          />
        </FormField>
        <FormField
          id={`${id}-due`}
          label="Due date (optional)"
          error={errors.dueDate}
          describedBy={`${id}-due-hint`}
        >
          <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
        </FormField>
      </div>
      <p id={`${id}-due-hint`} className="-mt-2 text-sm text-muted-foreground">
        Left blank, the policy’s payment period from today applies.
      </p>
      {issue.isError && Object.keys(errors).length === 0 ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {failureMessage(issue.error, 'The fine could not be issued')}
          </AlertDescription>
        </Alert>
      ) : null}
      <DialogActions
        submitLabel={members.length > 1 ? `Issue ${members.length} fines` : 'Issue fine'}
        pendingLabel="Issuing..."
        pending={issue.isPending}
      />
    </form>
  );
}

/** The page's "Issue fine" button: one fine each to one or several members, all or nothing. */
export function IssueFineDialog() {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Issue fine
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={<>Issue fine</>}
      description={
        <>
          The same fine goes to every member chosen, or to none if any is refused. Each member is
          notified; no money moves until the fine is paid.
        </>
      }
    >
      {open ? <IssueFineForm onDone={() => setOpen(false)} /> : null}
    </FormDialog>
  );
}
