import type { GuarantorCandidate } from '@coop/shared/guarantors';
import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { LoanGuarantor } from '@coop/shared/loans';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { failureMessage } from '../../../lib/api-client';
import { useReassignGuarantor } from '../api/reassign-guarantor';
import { fullName, GuarantorPicker } from './guarantor-picker';

/** docs/member-portal.md §2 Reassign Guarantor dialog, for a guarantor who rejected. */
export function ReassignDialog(props: {
  target: { guarantor: LoanGuarantor; others: LoanGuarantor[] } | null;
  currentUser: { id: string; email: string };
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<GuarantorCandidate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignGuarantor();
  const target = props.target;
  const close = () => {
    setPicked(null);
    setError(null);
    reassign.reset();
    props.onClose();
  };
  // docs/member-portal.md §5: not the member, not the rejected guarantor, not one already accepted
  // or pending.
  const excluded = target
    ? {
        ids: [
          props.currentUser.id,
          target.guarantor.guarantorUserId.id,
          ...target.others.map((g) => g.guarantorUserId.id),
        ],
        emails: [
          props.currentUser.email,
          target.guarantor.email,
          ...target.others.map((g) => g.email),
        ].map((e) => e.toLowerCase()),
      }
    : { ids: [], emails: [] };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!picked) {
      setError(LOAN_MESSAGES.selectNewGuarantor);
      return;
    }
    reassign.mutate(
      { guarantorId: target.guarantor.id, newGuarantorUserId: picked.id },
      {
        onSuccess: () => {
          toast.success(LOAN_MESSAGES.guarantorReassigned);
          close();
        },
        onError: (err) => setError(failureMessage(err, LOAN_MESSAGES.reassignFailed)),
      },
    );
  };

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title="Reassign Guarantor"
      description="Choose another member to guarantee this part of your loan."
    >
      {target ? (
        <div className="grid gap-4 text-sm">
          <div className="rounded-md border p-3">
            <p className="text-muted-foreground">Current guarantor (rejected)</p>
            <p className="font-medium">{fullName(target.guarantor)}</p>
            <p>
              {target.guarantor.email} · {target.guarantor.membershipId}
            </p>
          </div>
          <GuarantorPicker
            selectedIds={picked ? [picked.id] : []}
            excluded={excluded}
            onPick={(candidate) => {
              setError(null);
              setPicked((current) => (current?.id === candidate.id ? null : candidate));
            }}
          />
          <p>
            New guarantor:{' '}
            <span className="font-medium">{picked ? fullName(picked) : 'none selected'}</span>
          </p>
          <div className="rounded-md border bg-info-soft p-3 text-info-soft-foreground">
            The new guarantor is asked to guarantee the same amount. A place can be reassigned once;
            the rejected request is removed.
          </div>
        </div>
      ) : null}
      {/* The picker's search stays outside the form: Enter there searches, it does not send. */}
      <form onSubmit={submit} className="grid gap-4">
        <DialogFailure message={error} />
        <DialogActions
          submitLabel="Reassign Guarantor"
          pendingLabel="Reassigning..."
          pending={reassign.isPending}
        />
      </form>
    </FormDialog>
  );
}
