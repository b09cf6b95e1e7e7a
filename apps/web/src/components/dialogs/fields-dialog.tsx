import { useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Form } from '../form/form';
import { showSubmitFailure } from '../../lib/apply-server-errors';
import { toast } from '../../lib/toast';
import type { ButtonProps } from '../ui/button';
import { SendingDialog, useReportBusy } from './confirm-dialog';
import { DialogActions, DialogFailure, type KitDialogProps } from './form-dialog';

export type FieldsTexts = {
  /** The submit button: 'Add group', 'Record repayment'. */
  submit: ReactNode;
  /** What it says while the form is sent: 'Adding...'. */
  pending: string;
  /** The form's general error when a refusal names none of its fields and says nothing. */
  failure: string;
  /** The toast when the answer carries no message of its own. */
  success: string;
  variant?: ButtonProps['variant'];
};

type FieldsProps<Values extends FieldValues> = {
  /** A `lazyResolver`: the form's validation, fetched on the first focus. */
  resolver: Resolver<Values, unknown> & { preload: () => void };
  /** A function is called as the dialog opens: a date field starts at that day's date. */
  defaultValues: DefaultValues<Values> | (() => DefaultValues<Values>);
  /** The fields a refusal may name (`details[].field`): its message goes under the field. */
  fields: readonly FieldPath<Values>[];
  texts: FieldsTexts;
  /** Sends the valid values with the opening's Idempotency-Key; resolves with the API's answer. */
  send: (values: Values, key: string) => Promise<{ message?: string | undefined }>;
  /** The form's fields, given the form and an id to prefix theirs with. */
  children: (form: UseFormReturn<Values, unknown>, id: string) => ReactNode;
};

function FieldsBody<Values extends FieldValues>({
  form: { resolver, defaultValues, fields, texts, send, children },
  close,
  onBusy,
}: {
  form: FieldsProps<Values>;
  close: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  useReportBusy(pending, onBusy);
  const [defaults] = useState(defaultValues);
  const form = useForm<Values, unknown>({ resolver, defaultValues: defaults });
  const onSubmit = async (values: Values) => {
    setPending(true);
    let answer: { message?: string | undefined };
    try {
      answer = await send(values, key);
    } catch (error) {
      setPending(false);
      showSubmitFailure(error, form.setError, fields, texts.failure);
      return;
    }
    setPending(false);
    toast.success(answer.message ?? texts.success);
    close();
  };
  return (
    <Form
      submit={form.handleSubmit(onSubmit)}
      preload={resolver.preload}
      className="grid grid-cols-1 gap-4"
    >
      {children(form, id)}
      <DialogFailure message={form.formState.errors.root?.server?.message} />
      <DialogActions
        submitLabel={texts.submit}
        pendingLabel={texts.pending}
        pending={pending}
        variant={texts.variant}
      />
    </Form>
  );
}

/**
 * A dialog whose form has fields of its own (docs/decisions/124-dialog-kit.md): the fields are the
 * caller's, the rest is the kit's. One Idempotency-Key per opening, kept across retries; while the
 * form is sent Escape, the overlay and × do nothing; a refusal's field messages go under their
 * fields and any other refusal inside the dialog, which stays open (docs/decisions/125-forms.md);
 * a success is the answer's message as a toast (else `texts.success`) and closes the dialog.
 */
export function FieldsDialog<Values extends FieldValues>({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  onCloseAutoFocus,
  className,
  ...form
}: KitDialogProps & FieldsProps<Values>) {
  const dialog = { trigger, open, onOpenChange, title, description, onCloseAutoFocus, className };
  return (
    <SendingDialog {...dialog}>
      {(close, onBusy) => <FieldsBody form={form} close={close} onBusy={onBusy} />}
    </SendingDialog>
  );
}
