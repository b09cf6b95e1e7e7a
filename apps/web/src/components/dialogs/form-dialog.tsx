import type { ReactNode } from 'react';
import { SubmitButton } from '../form/submit-button';
import { toast } from '../../lib/toast';
import { Alert, AlertDescription } from '../ui/alert';
import { Button, type ButtonProps } from '../ui/button';
import { DialogClose, DialogFooter } from '../ui/dialog';

export { FormDialog, useDialogOpen, type KitDialogProps } from './dialog-frame';

/** A footer of other buttons than Cancel and submit: a wizard's Previous and Next. */
export { DialogFooter };

/** The end of every kit dialog's form: Cancel, then the button that sends it. */
export function DialogActions({
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  variant,
  cancelLabel = 'Cancel',
}: {
  submitLabel: ReactNode;
  /** What the submit button says while the form is sent: 'Submitting...'. */
  pendingLabel: string;
  pending: boolean;
  /** The form cannot be sent yet, e.g. a reason below its minimum length. */
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  cancelLabel?: string | undefined;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <SubmitButton
        isPending={pending}
        pendingLabel={pendingLabel}
        disabled={disabled}
        variant={variant}
      >
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}

/** A refusal shown inside the dialog (the form stays, so it can be sent again). */
export function DialogFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A short term/value list inside a dialog: what a decision is about. */
export function DialogFacts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-muted/50 p-3 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The button that opens a decision about one record: its label, then, for screen readers, whose
 * record it is ('Approve' + ' Ada Obi’s ₦5,000 withdrawal'). Compact in a desktop table row;
 * full-size in a page's action bar.
 */
export function decisionTrigger({
  label,
  context,
  variant = 'outline',
  inActionBar = false,
}: {
  label: string;
  context: string;
  variant?: ButtonProps['variant'];
  inActionBar?: boolean;
}) {
  return (
    <Button variant={variant} className={inActionBar ? undefined : 'md:h-8 md:px-3'}>
      {label}
      <span className="sr-only"> {context}</span>
    </Button>
  );
}

/** A decision's answer (the API's success envelope): its message, if any, as a success toast. */
export function toastAnswer(answer: { message?: string | undefined }) {
  if (answer.message) toast.success(answer.message);
}
