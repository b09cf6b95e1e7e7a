import { AUTH_MESSAGES } from '@coop/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACTIVATION_PASSWORD_REQUIREMENTS,
  setPasswordSchema,
  type ActivatingUser,
  type SetPasswordInput,
} from '@coop/shared/auth';
import { CircleAlert, CircleX } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormFailure } from '../../../components/form/form-failure';
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
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldMessages } from '../../../lib/apply-server-errors';
import { useActivateAccount } from '../api/activate-account';
import { useVerifyActivation } from '../api/verify-activation';
import { NewPasswordFields, PasswordSet } from './new-password';
import { Form } from '../../../components/form/form';

const PASSWORD_FIELDS = ['password', 'confirmPassword'] as const;

function ActivationFailed({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleX aria-hidden="true" className="size-12 text-destructive" />
        <CardTitle as="h1">Activation Failed</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-center">
        <Alert variant="destructive" role="alert" className="text-left">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
        <p className="text-sm text-muted-foreground">
          Please contact support or ask the administrator for a new activation link.
        </p>
        <Button asChild variant="outline">
          <Link to={paths.login}>Back to Login</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function SetPasswordForm({ token, member }: { token: string; member: ActivatingUser }) {
  const activation = useActivateAccount();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // The live checklist follows every keystroke.
  const password = useWatch({ control, name: 'password' });

  if (activation.isSuccess) {
    return (
      <PasswordSet
        title="Account Activated!"
        description="Your password is set and you are signed in."
        next={{ to: paths.dashboard, label: 'Go to Dashboard' }}
      />
    );
  }

  const onSubmit = (values: SetPasswordInput) =>
    activation.mutateAsync({ token, ...values }).then(
      // What success shows comes from the mutation's own state and hook, not from here.
      () => undefined,
      // A password the server refuses (too common, own details, breached, too long): under its field.
      (error: unknown) => {
        applyServerErrors(error, setError, PASSWORD_FIELDS);
      },
    );

  const showFailure =
    activation.isError &&
    Object.keys(serverFieldMessages(activation.error, PASSWORD_FIELDS)).length === 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">
          Welcome, {member.firstName} {member.lastName}!
        </CardTitle>
        <CardDescription>Set a password to activate your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{member.email}</dd>
          <dt className="text-muted-foreground">Membership ID</dt>
          <dd className="font-medium">{member.membershipId}</dd>
        </dl>

        <Form submit={handleSubmit(onSubmit)} className="grid gap-5">
          <FormFailure
            message={
              showFailure ? failureMessage(activation.error, AUTH_MESSAGES.activationFailed) : null
            }
          />

          {/* The member's e-mail, for password managers to file the new password under. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={member.email}
            readOnly
            hidden
          />

          <NewPasswordFields
            password={{
              label: 'Password',
              error: errors.password?.message,
              registration: register('password'),
            }}
            confirm={{
              label: 'Confirm password',
              error: errors.confirmPassword?.message,
              registration: register('confirmPassword'),
            }}
            requirements={ACTIVATION_PASSWORD_REQUIREMENTS}
            value={password}
          />

          <SubmitButton
            size="lg"
            className="w-full"
            isPending={activation.isPending}
            pendingLabel="Activating..."
          >
            Activate Account
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * docs/member-portal.md §2 Account activation: check the link's token, then set the first password.
 * The states are verifying → invalid (failure view) or valid (form) → activated.
 */
export function ActivateAccount({ token }: { token: string | null }) {
  const verification = useVerifyActivation(token);

  if (token === null) return <ActivationFailed message={AUTH_MESSAGES.noActivationToken} />;
  if (verification.isPending) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <Spinner size="large" label="Verifying your activation link" />
          <h1 className="text-lg font-medium">Verifying your activation link...</h1>
        </CardContent>
      </Card>
    );
  }
  if (verification.isError) {
    return (
      <ActivationFailed
        message={failureMessage(verification.error, AUTH_MESSAGES.invalidActivationToken)}
      />
    );
  }
  return <SetPasswordForm token={token} member={verification.data} />;
}
