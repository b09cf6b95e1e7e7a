import { CHANGE_PASSWORD_MESSAGES, type ChangePasswordValues } from '@coop/shared/account-rules';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { failureMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useChangePassword } from '../api/change-password';
import { Form } from '../../../components/form/form';

type Field = keyof ChangePasswordValues;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const resolver = lazyResolver<ChangePasswordValues>(() =>
  import('./change-password-validation').then((module) => module.changePasswordResolver),
);

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = (values: ChangePasswordValues) =>
    change.mutateAsync(values).then(
      () => {
        toast.success(CHANGE_PASSWORD_MESSAGES.successTitle, {
          description: CHANGE_PASSWORD_MESSAGES.success,
        });
        onDone();
      },
      (error: unknown) => {
        // The spec words the failure as a toast; a wrong current password or a refused new one
        // belongs under its field as well (docs/decisions/125-forms.md).
        applyServerErrors(error, setError, FIELDS);
        toast.error(CHANGE_PASSWORD_MESSAGES.failureTitle, {
          description: failureMessage(error, CHANGE_PASSWORD_MESSAGES.failure),
        });
      },
    );

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFailure message={errors.root?.server?.message} />
      {FIELDS.map((field) => (
        <FormField
          key={field}
          id={`change-${field}`}
          label={LABELS[field]}
          error={errors[field]?.message}
        >
          <PasswordInput autoComplete={AUTOCOMPLETE[field]} {...register(field)} />
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
    </Form>
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
