import { Form } from '../../../components/form/form';
import type { GuarantorCandidate } from '@coop/shared/guarantors';
import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { LoanGuarantor } from '@coop/shared/loans';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useReassignGuarantor } from '../api/reassign-guarantor';
import { fullName, GuarantorPicker } from './guarantor-picker';

type Target = { guarantor: LoanGuarantor; others: LoanGuarantor[] };
type ReassignValues = { newGuarantorUserId: string };
type ReassignMutation = ReturnType<typeof useReassignGuarantor>;

const FIELDS = ['newGuarantorUserId'] as const;
const resolver = lazyResolver<ReassignValues>(() =>
  import('./reassign-validation').then((module) => module.reassignResolver),
);

/** docs/member-portal.md §2 Reassign Guarantor dialog, for a guarantor who rejected. */
export function ReassignDialog(props: {
  target: Target | null;
  currentUser: { id: string; email: string };
  onClose: () => void;
}) {
  const reassign = useReassignGuarantor();
  const close = () => {
    reassign.reset();
    props.onClose();
  };
  return (
    <FormDialog
      open={props.target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title="Reassign Guarantor"
      description="Choose another member to guarantee this part of your loan."
      busy={reassign.isPending}
    >
      {props.target ? (
        <ReassignForm
          target={props.target}
          currentUser={props.currentUser}
          reassign={reassign}
          onDone={close}
        />
      ) : null}
    </FormDialog>
  );
}

/** The pick of a new guarantor: a choice from a list, checked and refused like any form's field. */
function ReassignForm({
  target,
  currentUser,
  reassign,
  onDone,
}: {
  target: Target;
  currentUser: { id: string; email: string };
  reassign: ReassignMutation;
  onDone: () => void;
}) {
  const [picked, setPicked] = useState<GuarantorCandidate | null>(null);
  const {
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ReassignValues>({ resolver, defaultValues: { newGuarantorUserId: '' } });
  // docs/member-portal.md §5: not the member, not the rejected guarantor, not one already accepted
  // or pending.
  const excluded = {
    ids: [
      currentUser.id,
      target.guarantor.guarantorUserId.id,
      ...target.others.map((g) => g.guarantorUserId.id),
    ],
    emails: [currentUser.email, target.guarantor.email, ...target.others.map((g) => g.email)].map(
      (e) => e.toLowerCase(),
    ),
  };
  const pick = (candidate: GuarantorCandidate) => {
    const next = picked?.id === candidate.id ? null : candidate;
    setPicked(next);
    setValue('newGuarantorUserId', next?.id ?? '');
    clearErrors();
  };
  // The answer is read from the promise, not from callbacks of this form's: the reassigned place
  // stops being declined as the loan refreshes, before the mutation ends, and this form goes with
  // it (a callback passed to `mutate` is dropped once its form is gone: no toast).
  const onSubmit = ({ newGuarantorUserId }: ReassignValues) =>
    reassign.mutateAsync({ guarantorId: target.guarantor.id, newGuarantorUserId }).then(
      () => {
        toast.success(LOAN_MESSAGES.guarantorReassigned);
        onDone();
      },
      (error: unknown) => showSubmitFailure(error, setError, FIELDS, LOAN_MESSAGES.reassignFailed),
    );
  const pickError = errors.newGuarantorUserId?.message;

  return (
    <>
      <div className="grid gap-4 text-sm" onFocus={resolver.preload}>
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
          onPick={pick}
        />
        <div className="grid gap-1">
          <p>
            New guarantor:{' '}
            <span className="font-medium">{picked ? fullName(picked) : 'none selected'}</span>
          </p>
          {pickError ? (
            <p className="font-medium text-destructive" role="alert">
              {pickError}
            </p>
          ) : null}
        </div>
        <div className="rounded-md border bg-info-soft p-3 text-info-soft-foreground">
          The new guarantor is asked to guarantee the same amount. A place can be reassigned once;
          the rejected request is removed.
        </div>
      </div>
      {/* The picker's search stays outside the form: Enter there searches, it does not send. */}
      <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
        <DialogFailure message={errors.root?.server?.message} />
        <DialogActions
          submitLabel="Reassign Guarantor"
          pendingLabel="Reassigning..."
          pending={reassign.isPending}
        />
      </Form>
    </>
  );
}
