import { REASON_RULES, isReasonValid, type ReasonKind } from '@coop/shared/reason-rules';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '../form/form-field';
import { Textarea } from '../ui/textarea';
import { failureMessage, fieldErrors } from '../../lib/api-client';
import { SendingDialog, useDecisionRun, type DecisionTexts } from './confirm-dialog';
import { DialogActions, DialogFailure, type KitDialogProps } from './form-dialog';

type ReasonTexts = DecisionTexts & {
  /** The field's label: 'Reason for dispute', 'Reason (optional)'. */
  label: string;
  /** Who reads the reason, after its character count: 'the member sees it.' */
  hint?: string;
  placeholder?: string;
};

function ReasonBody({
  texts,
  kind,
  field,
  details,
  after,
  rows,
  onConfirm,
  close,
  onBusy,
}: {
  texts: ReasonTexts;
  kind: ReasonKind;
  field: string;
  details: ReactNode;
  after: ReactNode;
  rows: number;
  onConfirm: (reason: string, key: string) => Promise<unknown>;
  close: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const { min, max } = REASON_RULES[kind];
  const [reason, setReason] = useState('');
  const decision = useDecisionRun(close, onBusy);
  const valid = isReasonValid(kind, reason);
  const serverErrors = decision.error ? fieldErrors(decision.error) : {};
  const fieldError = serverErrors[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void decision.run((key) => onConfirm(reason.trim(), key));
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
      {details}
      <FormField
        id={`${id}-reason`}
        label={texts.label}
        error={fieldError}
        describedBy={`${id}-count`}
      >
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={max}
          rows={rows}
          placeholder={texts.placeholder}
          required={min > 0}
          aria-required={min > 0 ? true : undefined}
        />
      </FormField>
      <p id={`${id}-count`} className="-mt-2 text-sm text-muted-foreground">
        {`${reason.length}/${max} characters${min > 1 ? `, at least ${min}` : ''}${texts.hint ? `; ${texts.hint}` : ''}`}
      </p>
      {after}
      <DialogFailure
        message={
          decision.error && !fieldError && texts.failure
            ? failureMessage(decision.error, texts.failure)
            : null
        }
      />
      <DialogActions
        submitLabel={texts.confirm}
        pendingLabel={texts.pending}
        pending={decision.pending}
        disabled={!valid}
        variant={texts.variant}
        cancelLabel={texts.cancel}
      />
    </form>
  );
}

/**
 * A decision with a reason (reject, waive, dispute). The reason's length rule is its kind's in
 * `@coop/shared/reason-rules`; one behaviour for every kind: the count and the minimum are shown
 * under the field and the confirm button stays disabled until the trimmed reason meets them
 * (docs/decisions/124-dialog-kit.md). A server message about the reason's field shows under it.
 */
export function ReasonDialog({
  texts,
  kind,
  field = 'reason',
  details,
  after,
  rows = 3,
  onConfirm,
  ...dialog
}: KitDialogProps & {
  texts: ReasonTexts;
  kind: ReasonKind;
  /** The request field the server names in its errors: 'reason', 'note'. */
  field?: string;
  /** What the decision is about, above the field: a facts list. */
  details?: ReactNode;
  /** Below the field: a warning about what sending it does. */
  after?: ReactNode;
  rows?: number;
  /** Sends the decision with the trimmed reason and the opening's Idempotency-Key. */
  onConfirm: (reason: string, key: string) => Promise<unknown>;
}) {
  return (
    <SendingDialog {...dialog}>
      {(close, onBusy) => (
        <ReasonBody
          texts={texts}
          kind={kind}
          field={field}
          details={details}
          after={after}
          rows={rows}
          onConfirm={onConfirm}
          close={close}
          onBusy={onBusy}
        />
      )}
    </SendingDialog>
  );
}
