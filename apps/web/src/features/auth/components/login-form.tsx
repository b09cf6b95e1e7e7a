import type { LoginInput } from '@coop/shared/auth';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
import { SIGN_IN_FORM_ID } from '../../../config/app';
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

/** Shown only where scripts do not run; the server answers such a sent form with this page. */
const SIGN_IN_NEEDS_JAVASCRIPT =
  'JavaScript is turned off in this browser. Signing in needs it: turn it on, then reload this page.';

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
 * docs/member-portal.md §2 Login. Success only updates the auth state; the route sees the member
 * signed in and opens the page they first asked for. The page renders it through
 * `DeferredLoginForm`, which fetches this module on the member's first use of the form.
 */
export function LoginForm() {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge)
    return <TwoFactorStep challengeToken={challenge} onBack={() => setChallenge(null)} />;
  return <PasswordStep onSecondFactor={setChallenge} />;
}

function PasswordStep({ onSecondFactor }: { onSecondFactor: (challenge: string) => void }) {
  const { isLoading, error } = useAuth();
  // No default values: on the prerendered page this hydrates fields the member may already have
  // typed in (deferred-login-form.tsx). Without a default, react-hook-form takes a field's value
  // from the page; with one, it would write the default over what was typed.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver });

  const onSubmit = async (credentials: LoginInput) => {
    const { signIn } = await loadSubmission();
    const next = await signIn(credentials);
    if (next) onSecondFactor(next.challengeToken);
  };
  const message = errors.root?.message ?? error;

  // The page may have painted from the build's HTML before this ran (decision 110): from now on
  // React handles the form, and a sign-in sent while it could not is sent again (index.html).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.setAttribute('data-ready', '');
    if (form.hasAttribute('data-pending')) {
      form.removeAttribute('data-pending');
      form.requestSubmit();
    }
  }, []);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Sign in</CardTitle>
        <CardDescription>Welcome back. Sign in to manage your savings and loans.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* POST: the page is in the HTML before its JavaScript (src/prerender.tsx), and a form sent
            without it must not put the password in the address (decision 110). */}
        <form
          id={SIGN_IN_FORM_ID}
          ref={formRef}
          method="post"
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          onFocus={() => void loadSubmission().catch(() => undefined)}
          noValidate
          className="grid gap-5"
        >
          <noscript>
            <Alert variant="warning">
              <AlertDescription>{SIGN_IN_NEEDS_JAVASCRIPT}</AlertDescription>
            </Alert>
          </noscript>
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

/** Second step when two-factor sign-in is on: the 6-digit code, or a recovery code. */
function TwoFactorStep({ challengeToken, onBack }: { challengeToken: string; onBack: () => void }) {
  const { isLoading, error } = useAuth();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^(\d{6}|[a-zA-Z2-7]{5}-?[a-zA-Z2-7]{5})$/.test(value)) {
      setFieldError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setFieldError(null);
    const { signInWithCode } = await loadSubmission();
    await signInWithCode({ challengeToken, code: value });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Two-factor sign-in</CardTitle>
        <CardDescription>
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          {error ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="code" label="Authentication code" error={fieldError ?? undefined}>
            <Input
              autoComplete="one-time-code"
              inputMode="text"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <SubmitButton
            size="lg"
            className="w-full"
            isPending={isLoading}
            pendingLabel="Verifying..."
          >
            Verify
          </SubmitButton>
          <button
            type="button"
            onClick={onBack}
            className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to sign in
          </button>
        </form>
      </CardContent>
    </Card>
  );
}
