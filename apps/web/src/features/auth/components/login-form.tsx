import type { LoginInput } from '@coop/shared/auth';
import { CircleAlert } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-store';
import type * as LoginSubmissionModule from './login-submission';

type LoginSubmission = typeof LoginSubmissionModule;

let submission: Promise<LoginSubmission> | null = null;

/** Loads validation and the sign-in call once; a failed download is retried on the next try. */
function loadSubmission(): Promise<LoginSubmission> {
  submission ??= import('./login-submission').catch((error: unknown) => {
    submission = null;
    throw error;
  });
  return submission;
}

const LOGIN_CODE_UNAVAILABLE =
  'The sign-in page could not finish loading. Please check your connection and try again.';

const resolver: Resolver<LoginInput> = async (values, context, options) => {
  try {
    const { loginResolver } = await loadSubmission();
    return await loginResolver(values, context, options);
  } catch {
    return {
      values: {},
      errors: { root: { type: 'unavailable', message: LOGIN_CODE_UNAVAILABLE } },
    };
  }
};

/**
 * Spec §2 Login. Success only updates the auth state; the route sees the member signed in and
 * opens the page they first asked for.
 */
export function LoginForm() {
  const { isLoading, error } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver, defaultValues: { identifier: '', password: '' } });

  const onSubmit = async (credentials: LoginInput) => {
    const { signIn } = await loadSubmission();
    await signIn(credentials);
  };
  const message = errors.root?.message ?? error;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Sign in</CardTitle>
        <CardDescription>Welcome back. Sign in to manage your savings and loans.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          onFocus={() => void loadSubmission().catch(() => undefined)}
          noValidate
          className="grid gap-5"
        >
          {message ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{message}</AlertDescription>
            </Alert>
          ) : null}

          <FormField
            id="identifier"
            label="Email, phone number or membership ID"
            error={errors.identifier?.message}
          >
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              {...register('identifier')}
            />
          </FormField>

          <FormField
            id="password"
            label="Password"
            error={errors.password?.message}
            labelAside={
              <Link
                to={paths.forgotPassword}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            }
          >
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>

          <SubmitButton
            size="lg"
            className="w-full"
            isPending={isLoading}
            pendingLabel="Signing in..."
          >
            Sign In
          </SubmitButton>

          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t have an account? Contact the administrator to get your sign-in details.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
