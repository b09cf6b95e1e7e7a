import { AUTH_MESSAGES } from '@coop/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_PASSWORD_REQUIREMENTS,
  resetPasswordFormSchema,
  type ResetPasswordFormInput,
} from '@coop/shared/auth';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { FieldError, fieldA11y } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { RequirementChecklist } from '../../../components/ui/requirement-checklist';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrors, hasErrorCode, toApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

const FORM_FIELDS = ['newPassword', 'confirmPassword'] as const;

/**
 * The message for a failed reset (spec §8): a 400 means the link is bad, unless the server named
 * one of the form's fields (a password it refuses), which is then shown under that field.
 */
function resetFailure(error: unknown): { field?: (typeof FORM_FIELDS)[number]; message: string } {
  const apiError = toApiError(error);
  if (hasErrorCode(apiError, 'VALIDATION_ERROR')) {
    const byField = fieldErrors(error);
    const field = FORM_FIELDS.find((name) => byField[name]);
    if (field) return { field, message: byField[field] ?? '' };
  }
  if (apiError.status === 400) return { message: AUTH_MESSAGES.invalidResetToken };
  return { message: failureMessage(error, AUTH_MESSAGES.resetFailed) };
}

function ResetSuccessful() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <CardTitle as="h1">Password Reset Successful!</CardTitle>
        <CardDescription>You can now sign in with your new password.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg" className="w-full">
          <Link to={paths.login}>Sign In Now</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Spec §2 Reset password: a new password for the account the link belongs to. */
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

  if (reset.isSuccess) return <ResetSuccessful />;

  const onSubmit = (values: ResetPasswordFormInput) =>
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          const { field, message } = resetFailure(error);
          if (field) setError(field, { message });
        },
      },
    );

  const failure = reset.isError ? resetFailure(reset.error) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Set a new password</CardTitle>
        <CardDescription>Choose a strong password you have not used here before.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          noValidate
          className="grid gap-5"
        >
          {failure && !failure.field ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>
                <p>{failure.message}</p>
                {failure.message === AUTH_MESSAGES.invalidResetToken ? (
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

          <div className="grid gap-2">
            <Label htmlFor="newPassword">New password</Label>
            <PasswordInput
              {...fieldA11y('newPassword', errors.newPassword?.message)}
              aria-describedby={
                errors.newPassword
                  ? 'newPassword-error password-requirements'
                  : 'password-requirements'
              }
              autoComplete="new-password"
              {...register('newPassword')}
            />
            <FieldError id="newPassword-error" message={errors.newPassword?.message} />
          </div>

          <RequirementChecklist
            id="password-requirements"
            requirements={RESET_PASSWORD_REQUIREMENTS}
            value={password}
          />

          <div className="grid gap-2">
            <Label htmlFor="confirmPassword">Confirm new password</Label>
            <PasswordInput
              {...fieldA11y('confirmPassword', errors.confirmPassword?.message)}
              autoComplete="new-password"
              {...register('confirmPassword')}
            />
            <FieldError id="confirmPassword-error" message={errors.confirmPassword?.message} />
          </div>

          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link to={paths.login}>Back to Login</Link>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
