import { AUTH_MESSAGES } from '@coop/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@coop/shared/auth';
import {
  FORGOT_PASSWORD_MAX_ATTEMPTS,
  FORGOT_PASSWORD_WAIT_MINUTES,
  RESET_LINK_VALIDITY_HOURS,
} from '@coop/shared/constants';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormFailure } from '../../../components/form/form-failure';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { Form } from '../../../components/form/form';

const WAIT_MS = FORGOT_PASSWORD_WAIT_MINUTES * 60 * 1000;

function BackToLogin() {
  return (
    <Button asChild variant="ghost" className="w-full">
      <Link to={paths.login}>
        <ArrowLeft aria-hidden="true" />
        Back to Login
      </Link>
    </Button>
  );
}

/**
 * The sent view never repeats the address: after 'if an account with that email exists', a 'we
 * sent it to …' would claim what the neutral answer must not (whether the account exists).
 */
function CheckYourEmail({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <MailCheck aria-hidden="true" className="size-12 text-primary" />
        <CardTitle as="h1">Check Your Email</CardTitle>
        <CardDescription role="status">{AUTH_MESSAGES.resetLinkSent}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1.5 rounded-lg bg-muted/60 py-3 pr-3 pl-8 text-sm text-muted-foreground">
          <li>Check your inbox and your spam or junk folder.</li>
          <li>
            The link expires in {RESET_LINK_VALIDITY_HOURS} hour
            {RESET_LINK_VALIDITY_HOURS === 1 ? '' : 's'}.
          </li>
          <li>No email after a few minutes? You can try again, with this or another address.</li>
        </ul>
        <Button variant="outline" onClick={onTryAgain}>
          Try Different Email
        </Button>
        <BackToLogin />
      </CardContent>
    </Card>
  );
}

/**
 * docs/member-portal.md §2 Forgot password, with the limits of §8: three submissions from this
 * page, then a 15-minute pause (page state only; the server has its own limit, answered 429).
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [attempts, setAttempts] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limitReached = attempts >= FORGOT_PASSWORD_MAX_ATTEMPTS;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (!limitReached) return;
    const timer = setTimeout(() => setAttempts(0), WAIT_MS);
    return () => clearTimeout(timer);
  }, [limitReached]);

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    if (limitReached) return;
    setAttempts((count) => count + 1);
    setError(null);
    try {
      await request.mutateAsync({ email });
      setSentTo(email);
    } catch (failure) {
      if (toApiError(failure).status === 429) {
        setError(AUTH_MESSAGES.tooManyRequests);
      } else {
        // Never reveal whether the address belongs to a member: any other failure reads the same
        // as success.
        setSentTo(email);
      }
    }
  };

  if (sentTo !== null) {
    const tryDifferentEmail = () => {
      reset();
      setSentTo(null);
    };
    return <CheckYourEmail onTryAgain={tryDifferentEmail} />;
  }

  const message = limitReached ? AUTH_MESSAGES.tooManyAttempts : error;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Forgot your password?</CardTitle>
        <CardDescription>
          Enter the email address of your account and we will send you a link to reset your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form submit={handleSubmit(onSubmit)} className="grid gap-5">
          <FormFailure message={message} />
          <fieldset disabled={limitReached || request.isPending} className="grid gap-5">
            <FormField id="email" label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                {...register('email')}
              />
            </FormField>
            <SubmitButton
              size="lg"
              className="w-full"
              isPending={request.isPending}
              pendingLabel="Sending..."
            >
              Send Reset Link
            </SubmitButton>
          </fieldset>
          <BackToLogin />
        </Form>
      </CardContent>
    </Card>
  );
}
