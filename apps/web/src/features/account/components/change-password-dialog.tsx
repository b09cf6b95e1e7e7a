import {
  CHANGE_PASSWORD_MESSAGES,
  changePasswordErrors,
  type ChangePasswordValues,
} from '@coop/shared/account-rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { failureMessage } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import { useChangePassword } from '../api/change-password';

type Field = keyof ChangePasswordValues;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const LABELS: Record<Field, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};
const AUTOCOMPLETE: Record<Field, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** The form lives in the dialog's content, so closing the dialog forgets what was typed. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing; before it they wait for submit.
    if (submitted) setErrors(changePasswordErrors(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = changePasswordErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(values, {
      onSuccess: () => {
        toast.success(CHANGE_PASSWORD_MESSAGES.successTitle, {
          description: CHANGE_PASSWORD_MESSAGES.success,
        });
        onDone();
      },
      onError: (error) => {
        // A wrong current password or a refused new one belongs under its field as well.
        setErrors(serverFieldMessages(error, FIELDS));
        toast.error(CHANGE_PASSWORD_MESSAGES.failureTitle, {
          description: failureMessage(error, CHANGE_PASSWORD_MESSAGES.failure),
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {FIELDS.map((field) => (
        <FormField key={field} id={`change-${field}`} label={LABELS[field]} error={errors[field]}>
          <PasswordInput
            name={field}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={(event) => update(field, event.target.value)}
          />
        </FormField>
      ))}
      <p className="-mt-1 text-sm text-muted-foreground">
        At least 8 characters. Every other device you are signed in on will be signed out.
      </p>
      <DialogActions
        submitLabel="Change Password"
        pendingLabel="Changing..."
        pending={change.isPending}
      />
    </form>
  );
}

/**
 * docs/member-portal.md §2 Profile: the Change Password dialog (Profile, and Security on Settings).
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}): ReactNode {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Enter your current password, then choose a new one."
    >
      {(close) => <ChangePasswordForm onDone={close} />}
    </FormDialog>
  );
}
