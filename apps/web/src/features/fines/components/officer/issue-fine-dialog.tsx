import { FINE_ISSUE_MAX_MEMBERS, finesIssuedMessage } from '@coop/shared/fine-rules';
import type { AdminIssueFinesInput, AdminIssueFinesResponse } from '@coop/shared/fines';
import type { AdminMember, AdminMemberRef } from '@coop/shared/members';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../../components/form/form-field';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useMembersToFine } from '../../api/get-members-to-fine';
import { useIssueFines } from '../../api/issue-fines';
import { memberName } from '../../../../components/list/officer-queue';
import { FieldsDialog } from '../../../../components/dialogs/fields-dialog';
import { AmountInput } from '../../../../components/ui/amount-input';

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

const ISSUE_FIELDS = ['userIds', 'reason', 'amount', 'dueDate'] as const;
const resolver = lazyResolver<AdminIssueFinesInput>(() =>
  import('./issue-fine-validation').then((module) => module.issueFineResolver),
);

/** The form's fields: the members chosen (their names on chips; the form holds their ids) and the fine. */
function IssueFineFields({
  form: {
    register,
    setValue,
    formState: { errors, isSubmitted },
  },
  id,
}: {
  form: UseFormReturn<AdminIssueFinesInput>;
  id: string;
}) {
  const [members, setMembers] = useState<AdminMemberRef[]>([]);
  const choose = (chosen: AdminMemberRef[]) => {
    setMembers(chosen);
    setValue(
      'userIds',
      chosen.map((member) => member.id),
      { shouldValidate: isSubmitted },
    );
  };
  return (
    <>
      <MemberPicker chosen={members} onChange={choose} error={errors.userIds?.message} />
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        <Input
          maxLength={200}
          placeholder="e.g. Absent from the AGM"
          required
          {...register('reason')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-amount`} label="Amount (₦)" error={errors.amount?.message}>
          <AmountInput required {...register('amount', { valueAsNumber: true })} />
        </FormField>
        <FormField
          id={`${id}-due`}
          label="Due date (optional)"
          error={errors.dueDate?.message}
          describedBy={`${id}-due-hint`}
        >
          {/* Left blank, the field is left out and the policy's period applies. */}
          <Input
            type="date"
            {...register('dueDate', { setValueAs: (v: string) => v || undefined })}
          />
        </FormField>
      </div>
      <p id={`${id}-due-hint`} className="-mt-2 text-sm text-muted-foreground">
        Left blank, the policy’s payment period from today applies.
      </p>
    </>
  );
}

/** The page's "Issue fine" button: one fine each to one or several members, all or nothing. */
export function IssueFineDialog() {
  const issue = useIssueFines();
  return (
    <FieldsDialog<AdminIssueFinesInput, undefined, AdminIssueFinesInput, AdminIssueFinesResponse>
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
      resolver={resolver}
      defaultValues={{ userIds: [], reason: '' }}
      fields={ISSUE_FIELDS}
      texts={{
        submit: ({ userIds = [] }) =>
          userIds.length > 1 ? `Issue ${userIds.length} fines` : 'Issue fine',
        pending: 'Issuing...',
        failure: 'The fine could not be issued',
        success: ({ message, data }) => ({ title: message ?? finesIssuedMessage(data.issued) }),
      }}
      send={(values, key) => issue.mutateAsync({ idempotencyKey: key, values })}
    >
      {(form, id) => <IssueFineFields form={form} id={id} />}
    </FieldsDialog>
  );
}
