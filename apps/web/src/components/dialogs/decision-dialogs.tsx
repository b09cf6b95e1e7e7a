import {
  ADMIN_DECISION_REASON_MAX_LENGTH,
  ADMIN_DECISION_REASON_MIN_LENGTH,
} from '@coop/shared/constants';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { FormField } from '../form/form-field';
import { SubmitButton } from '../form/submit-button';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';
import { Textarea } from '../ui/textarea';
import { failureMessage, fieldErrors } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/admin-keys';

/** What a back-office decision answers: the server's message for the toast. */
type Decision = (key: string) => Promise<{ message?: string | undefined }>;

type DialogTexts = {
  /** The row's button, e.g. 'Approve'. */
  trigger: string;
  /** Read after the trigger by screen readers: whose record it is. */
  triggerContext: string;
  title: string;
  description: ReactNode;
  confirm: string;
  pending: string;
  failure: string;
  variant?: 'default' | 'outline' | 'destructive';
  /** The trigger sits in a page's action bar, not a table row: full-size on every screen. */
  inActionBar?: boolean;
  /** Who reads a reason, after its character count; the member by default. */
  reasonHint?: string;
};

function DialogShell({
  texts,
  open,
  onOpenChange,
  children,
}: {
  texts: DialogTexts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant={texts.variant ?? 'outline'}
          className={texts.inActionBar ? undefined : 'md:h-8 md:px-3'}
        >
          {texts.trigger}
          <span className="sr-only"> {texts.triggerContext}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-dvh overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Runs a decision once per opening: one Idempotency-Key, kept across retries of it. */
function useDecision(run: (key: string) => ReturnType<Decision>, onDone: () => void) {
  const [key] = useState(newIdempotencyKey);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await run(key);
      if (answer.message) toast.success(answer.message);
      onDone();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, submit };
}

/**
 * The end of every decision form: the refusal (unless it already shows under a field), Cancel and
 * the confirm button.
 */
function DecisionFooter({
  texts,
  decision,
  showError = true,
}: {
  texts: DialogTexts;
  decision: ReturnType<typeof useDecision>;
  showError?: boolean;
}) {
  return (
    <>
      {decision.error && showError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{failureMessage(decision.error, texts.failure)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={decision.pending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton isPending={decision.pending} pendingLabel={texts.pending}>
          {texts.confirm}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

function ConfirmForm({
  texts,
  details,
  run,
  onDone,
}: {
  texts: DialogTexts;
  details?: ReactNode;
  run: Decision;
  onDone: () => void;
}) {
  const decision = useDecision(run, onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void decision.submit();
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      {details}
      <DecisionFooter texts={texts} decision={decision} />
    </form>
  );
}

/** A decision the administrator confirms (approve, verify): what will happen, then one button. */
export function ConfirmDecisionDialog({
  texts,
  details,
  run,
}: {
  texts: DialogTexts;
  details?: ReactNode;
  run: Decision;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell texts={texts} open={open} onOpenChange={setOpen}>
      <ConfirmForm texts={texts} details={details} run={run} onDone={() => setOpen(false)} />
    </DialogShell>
  );
}

function ReasonForm({
  texts,
  label,
  field,
  run,
  onDone,
}: {
  texts: DialogTexts;
  label: string;
  field: string;
  run: (key: string, reason: string) => ReturnType<Decision>;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const decision = useDecision((key) => run(key, reason.trim()), onDone);
  const tooShort = reason.trim().length < ADMIN_DECISION_REASON_MIN_LENGTH;
  const errors = decision.error ? fieldErrors(decision.error) : {};
  const localError =
    touched && tooShort
      ? `Say why (at least ${ADMIN_DECISION_REASON_MIN_LENGTH} characters)`
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort) return;
    void decision.submit();
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
      <FormField
        id={`${id}-reason`}
        label={label}
        error={localError ?? errors[field]}
        describedBy={`${id}-count`}
      >
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={ADMIN_DECISION_REASON_MAX_LENGTH}
          rows={3}
          required
          aria-required="true"
        />
      </FormField>
      <p id={`${id}-count`} className="-mt-2 text-sm text-muted-foreground">
        {reason.length}/{ADMIN_DECISION_REASON_MAX_LENGTH} characters;{' '}
        {texts.reasonHint ?? 'the member sees it.'}
      </p>
      <DecisionFooter
        texts={texts}
        decision={decision}
        showError={Object.keys(errors).length === 0}
      />
    </form>
  );
}

/** A decision with a required reason the member is told (reject, waive). */
export function ReasonDecisionDialog({
  texts,
  label,
  field,
  run,
}: {
  texts: DialogTexts;
  label: string;
  /** The request field the server names in its errors ('reason', 'note'). */
  field: string;
  run: (key: string, reason: string) => ReturnType<Decision>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell texts={texts} open={open} onOpenChange={setOpen}>
      <ReasonForm
        texts={texts}
        label={label}
        field={field}
        run={run}
        onDone={() => setOpen(false)}
      />
    </DialogShell>
  );
}

/** A short term/value list inside a dialog. */
export function DecisionFacts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
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
