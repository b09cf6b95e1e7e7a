import type { LoginInput } from '@coop/shared/auth';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
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

          <div className="grid gap-2">
            <Label htmlFor="identifier">Email, phone number or membership ID</Label>
            <Input
              {...fieldA11y('identifier', errors.identifier?.message)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              {...register('identifier')}
            />
            <FieldError id="identifier-error" message={errors.identifier?.message} />
          </div>

          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="password">Password</Label>
              <Link
                to={paths.forgotPassword}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            </div>
            <PasswordInput
              {...fieldA11y('password', errors.password?.message)}
              autoComplete="current-password"
              {...register('password')}
            />
            <FieldError id="password-error" message={errors.password?.message} />
          </div>

          <Button type="submit" size="lg" disabled={isLoading} className="w-full">
            {isLoading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {isLoading ? 'Signing in...' : 'Sign In'}
          </Button>

          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t have an account? Contact the administrator to get your sign-in details.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
