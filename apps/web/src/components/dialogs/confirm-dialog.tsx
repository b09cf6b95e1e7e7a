import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ButtonProps } from '../ui/button';
import { failureMessage } from '../../lib/api-client';
import {
  DialogActions,
  DialogFailure,
  FormDialog,
  useDialogOpen,
  type KitDialogProps,
} from './form-dialog';

export type DecisionTexts = {
  /** The confirm button: 'Approve', 'Submit Dispute'. */
  confirm: ReactNode;
  /** What it says while the decision is sent: 'Approving...'. */
  pending: string;
  /**
   * Shown inside the dialog when the decision is refused (the server's message first). Absent:
   * the caller reports the failure itself (a toast) and the dialog stays open.
   */
  failure?: string;
  variant?: ButtonProps['variant'];
  /** The button that closes without deciding; 'Cancel' by default. */
  cancel?: string;
};

/**
 * Runs one decision per opening: `key` is the Idempotency-Key, made when the dialog opens and
 * kept across retries of the same decision. A resolved decision closes the dialog; a refused one
 * keeps it open with its error.
 */
export function useDecisionRun(onDone: () => void, onBusy: (busy: boolean) => void) {
  const [key] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => onBusy(pending), [pending, onBusy]);
  useEffect(() => () => onBusy(false), [onBusy]);
  const run = async (decide: (key: string) => Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await decide(key);
      setPending(false);
      onDone();
    } catch (caught) {
      setPending(false);
      setError(caught);
    }
  };
  return { key, pending, error, run };
}

function ConfirmBody({
  texts,
  details,
  onConfirm,
  close,
  onBusy,
}: {
  texts: DecisionTexts;
  details: ReactNode;
  onConfirm: (key: string) => Promise<unknown>;
  close: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const decision = useDecisionRun(close, onBusy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void decision.run(onConfirm);
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      {details}
      <DialogFailure
        message={
          decision.error && texts.failure ? failureMessage(decision.error, texts.failure) : null
        }
      />
      <DialogActions
        submitLabel={texts.confirm}
        pendingLabel={texts.pending}
        pending={decision.pending}
        variant={texts.variant}
        cancelLabel={texts.cancel}
      />
    </form>
  );
}

/**
 * A decision the user confirms (approve, accept, confirm a selection): what will happen, the
 * facts, then one button (docs/decisions/124-dialog-kit.md).
 */
export function ConfirmDialog({
  texts,
  details,
  onConfirm,
  open,
  onOpenChange,
  ...dialog
}: KitDialogProps & {
  texts: DecisionTexts;
  /** What the decision is about: a facts list, a warning. */
  details?: ReactNode;
  /** Sends the decision with the opening's Idempotency-Key; resolves once it is done. */
  onConfirm: (key: string) => Promise<unknown>;
}) {
  const [isOpen, setOpen] = useDialogOpen(open, onOpenChange);
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog {...dialog} open={isOpen} onOpenChange={setOpen} busy={busy}>
      {(close) => (
        <ConfirmBody
          texts={texts}
          details={details}
          onConfirm={onConfirm}
          close={close}
          onBusy={setBusy}
        />
      )}
    </FormDialog>
  );
}
