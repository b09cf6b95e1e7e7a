import { useId, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useWatch,
  type Control,
  type DeepPartial,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Form } from '../form/form';
import { applyServerErrors, showSubmitFailure } from '../../lib/apply-server-errors';
import { toast } from '../../lib/toast';
import type { ButtonProps } from '../ui/button';
import { SendingDialog, useReportBusy } from './confirm-dialog';
import { DialogActions, DialogFailure, type KitDialogProps } from './form-dialog';

/** The API's success envelope as a form's `send` resolves with it: its message, if any. */
type Answer = { message?: string | undefined };

/** A toast's title and the line under it. */
export type ToastText = { title: string; description?: string | undefined };

export type FieldsTexts<Values extends FieldValues, Sent extends Answer> = {
  /**
   * The submit button: 'Add group', 'Record repayment'; or, from the values as they are typed,
   * 'Issue 3 fines'.
   */
  submit: ReactNode | ((values: DeepPartial<Values>) => ReactNode);
  /** What it says while the form is sent: 'Adding...'. */
  pending: string;
  /**
   * A refusal that names none of the form's fields: shown inside the dialog in the server's words
   * (this text when it has none); or, where the spec words a toast for it, that toast instead.
   */
  failure: string | ToastText;
  /**
   * The toast once it is done: the answer's message, else this text; or the toast the answer
   * makes (a title that says how it was decided, the month it starts in under it).
   */
  success: string | ((answer: Sent) => ToastText);
  variant?: ButtonProps['variant'];
};

type FieldsProps<Values extends FieldValues, Context, Output, Sent extends Answer> = {
  /** A `lazyResolver`: the form's validation, fetched on the first focus. */
  resolver: Resolver<Values, Context, Output> & { preload: () => void };
  /**
   * What the form's rules depend on besides its values (the month a remittance is for and today,
   * the balance available): fixed as the dialog opens (a function is called then), given to the
   * resolver as react-hook-form's `context` (a `contextResolver`), to `defaultValues` and to the
   * fields.
   */
  context?: Context | (() => Context);
  /** A function is called as the dialog opens, with the context: a date field starts at today. */
  defaultValues: DefaultValues<Values> | ((context: Context) => DefaultValues<Values>);
  /** The fields a refusal may name (`details[].field`): its message goes under the field. */
  fields: readonly FieldPath<Values>[];
  texts: FieldsTexts<Values, Sent>;
  /**
   * Sends the valid values with the opening's Idempotency-Key: the mutation hook's `mutateAsync`
   * (docs/decisions/125-forms.md), resolving with the API's answer.
   */
  send: (values: Output, key: string) => Promise<Sent>;
  /** After the toast and the close, with the answer: open the record just made. */
  onSent?: (answer: Sent) => void;
  /** The form's fields, given the form, an id to prefix theirs with, and the context. */
  children: (
    form: UseFormReturn<Values, Context, Output>,
    id: string,
    context: Context,
  ) => ReactNode;
};

/** A submit label that follows the values as they are typed; only it renders again. */
function WatchedLabel<Values extends FieldValues, Context, Output>({
  control,
  label,
}: {
  control: Control<Values, Context, Output>;
  label: (values: DeepPartial<Values>) => ReactNode;
}) {
  const values = useWatch({ control }) as DeepPartial<Values>;
  return <>{label(values)}</>;
}

function showToast(show: typeof toast.success, { title, description }: ToastText) {
  show(title, description === undefined ? undefined : { description });
}

function FieldsBody<Values extends FieldValues, Context, Output, Sent extends Answer>({
  form: { resolver, context: contextProp, defaultValues, fields, texts, send, onSent, children },
  close,
  onBusy,
}: {
  form: FieldsProps<Values, Context, Output, Sent>;
  close: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  useReportBusy(pending, onBusy);
  const [context] = useState(
    () =>
      (typeof contextProp === 'function'
        ? (contextProp as () => Context)()
        : contextProp) as Context,
  );
  const [defaults] = useState<DefaultValues<Values>>(() =>
    typeof defaultValues === 'function'
      ? (defaultValues as (context: Context) => DefaultValues<Values>)(context)
      : defaultValues,
  );
  const form = useForm<Values, Context, Output>({ resolver, context, defaultValues: defaults });
  const onSubmit = (values: Output) => {
    setPending(true);
    // The answer is read from the promise, not from the mutation's callbacks: those are dropped
    // once the form is gone, and a list refreshed by the success can remove the row this
    // dialog was opened from before the mutation ends (docs/decisions/125-forms.md).
    return send(values, key).then(
      (answer) => {
        setPending(false);
        if (typeof texts.success === 'function') showToast(toast.success, texts.success(answer));
        else toast.success(answer.message ?? texts.success);
        close();
        onSent?.(answer);
      },
      (error: unknown) => {
        setPending(false);
        if (typeof texts.failure === 'string') {
          showSubmitFailure(error, form.setError, fields, texts.failure);
        } else if (applyServerErrors(error, form.setError, fields).length === 0) {
          showToast(toast.error, texts.failure);
        }
      },
    );
  };
  const { submit } = texts;
  return (
    <FormProvider {...form}>
      <Form
        submit={form.handleSubmit(onSubmit)}
        preload={resolver.preload}
        className="grid grid-cols-1 gap-4"
      >
        {children(form, id, context)}
        <DialogFailure message={form.formState.errors.root?.server?.message} />
        <DialogActions
          submitLabel={
            typeof submit === 'function' ? (
              <WatchedLabel control={form.control} label={submit} />
            ) : (
              submit
            )
          }
          pendingLabel={texts.pending}
          pending={pending}
          variant={texts.variant}
        />
      </Form>
    </FormProvider>
  );
}

/**
 * A dialog whose form has fields of its own (docs/decisions/124-dialog-kit.md,
 * docs/decisions/169-queue-review-and-fields-dialog.md): the fields are the caller's, the rest is
 * the kit's. One Idempotency-Key per opening, kept across retries; while the form is sent Escape,
 * the overlay and × do nothing; a refusal's field messages go under their fields and any other
 * refusal inside the dialog, which stays open (docs/decisions/125-forms.md), or the spec's toast
 * where it words one; a success is a toast (the answer's message, else `texts.success`) and closes
 * the dialog. The form is also react-hook-form's context, for fields two forms share.
 */
export function FieldsDialog<
  Values extends FieldValues,
  Context = undefined,
  Output = Values,
  Sent extends Answer = Answer,
>({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  onCloseAutoFocus,
  className,
  ...form
}: KitDialogProps & FieldsProps<Values, Context, Output, Sent>) {
  const dialog = { trigger, open, onOpenChange, title, description, onCloseAutoFocus, className };
  return (
    <SendingDialog {...dialog}>
      {(close, onBusy) => <FieldsBody form={form} close={close} onBusy={onBusy} />}
    </SendingDialog>
  );
}
