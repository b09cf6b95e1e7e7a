import { AUTH_MESSAGES } from '@coop/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_PASSWORD_REQUIREMENTS,
  resetPasswordFormSchema,
  type ResetPasswordFormInput,
} from '@coop/shared/auth';
import { CircleAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { applyServerErrors, serverFieldMessages } from '../../../lib/apply-server-errors';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields, PasswordSet } from './new-password';
import { Form } from '../../../components/form/form';

const FORM_FIELDS = ['newPassword', 'confirmPassword'] as const;

/**
 * The message for a failed reset that is not about one of the form's fields (docs/member-portal.md
 * §8): a 400 means the link is bad; anything else shows the server message or the fallback.
 */
function resetFailureMessage(error: unknown): string {
  if (toApiError(error).status === 400) return AUTH_MESSAGES.invalidResetToken;
  return failureMessage(error, AUTH_MESSAGES.resetFailed);
}

/** docs/member-portal.md §2 Reset password: a new password for the account the link belongs to. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  // The live checklist follows every keystroke.
  const password = useWatch({ control, name: 'newPassword' });

  if (reset.isSuccess) {
    return (
      <PasswordSet
        title="Password Reset Successful!"
        description="You can now sign in with your new password."
        next={{ to: paths.login, label: 'Sign In Now' }}
      />
    );
  }

  const onSubmit = (values: ResetPasswordFormInput) =>
    reset.mutateAsync({ token, ...values }).then(
      // What success shows comes from the mutation's own state and hook, not from here.
      () => undefined,
      // A password the server refuses (too common, own details, breached, too long): under its field.
      (error: unknown) => {
        applyServerErrors(error, setError, FORM_FIELDS);
      },
    );

  const failure =
    reset.isError && Object.keys(serverFieldMessages(reset.error, FORM_FIELDS)).length === 0
      ? resetFailureMessage(reset.error)
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Set a new password</CardTitle>
        <CardDescription>Choose a strong password you have not used here before.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form submit={handleSubmit(onSubmit)} className="grid gap-5">
          {failure ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>
                <p>{failure}</p>
                {failure === AUTH_MESSAGES.invalidResetToken ? (
                  <Link
                    to={paths.forgotPassword}
                    className="mt-1 inline-block font-medium underline underline-offset-4"
                  >
                    Request a new link
                  </Link>
                ) : null}
              </AlertDescription>
            </Alert>
          ) : null}

          <NewPasswordFields
            password={{
              label: 'New password',
              error: errors.newPassword?.message,
              registration: register('newPassword'),
            }}
            confirm={{
              label: 'Confirm new password',
              error: errors.confirmPassword?.message,
              registration: register('confirmPassword'),
            }}
            requirements={RESET_PASSWORD_REQUIREMENTS}
            value={password}
          />

          <SubmitButton
            size="lg"
            className="w-full"
            isPending={reset.isPending}
            pendingLabel="Resetting..."
          >
            Reset Password
          </SubmitButton>
          <Button asChild variant="ghost" className="w-full">
            <Link to={paths.login}>Back to Login</Link>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
