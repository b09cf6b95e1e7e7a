import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ButtonProps } from '../ui/button';
import { failureMessage } from '../../lib/api-client';
import { DialogActions, DialogFailure, FormDialog, type KitDialogProps } from './form-dialog';

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

/** A kit dialog's body tells its frame while it is sending, and that it is not once it is gone. */
export function useReportBusy(pending: boolean, onBusy: (busy: boolean) => void) {
  useEffect(() => onBusy(pending), [pending, onBusy]);
  useEffect(() => () => onBusy(false), [onBusy]);
}

/**
 * The frame of a kit dialog whose body sends something: while the body reports it is busy,
 * Escape, the overlay and × do nothing. The body is given `close` and `onBusy`.
 */
export function SendingDialog({
  children,
  ...dialog
}: KitDialogProps & {
  children: (close: () => void, onBusy: (busy: boolean) => void) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog {...dialog} busy={busy}>
      {(close) => children(close, setBusy)}
    </FormDialog>
  );
}

/**
 * Runs one decision per opening: `key` is the Idempotency-Key, made when the dialog opens and
 * kept across retries of the same decision. A resolved decision closes the dialog; a refused one
 * keeps it open with its error.
 */
export function useDecisionRun(onDone: () => void, onBusy: (busy: boolean) => void) {
  const [key] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useReportBusy(pending, onBusy);
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
  ...dialog
}: KitDialogProps & {
  texts: DecisionTexts;
  /** What the decision is about: a facts list, a warning. */
  details?: ReactNode;
  /** Sends the decision with the opening's Idempotency-Key; resolves once it is done. */
  onConfirm: (key: string) => Promise<unknown>;
}) {
  return (
    <SendingDialog {...dialog}>
      {(close, onBusy) => (
        <ConfirmBody
          texts={texts}
          details={details}
          onConfirm={onConfirm}
          close={close}
          onBusy={onBusy}
        />
      )}
    </SendingDialog>
  );
}
