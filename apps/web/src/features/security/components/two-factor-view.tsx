import type { DisableTwoFactorInput, EnableTwoFactorInput } from '@coop/shared/security';
import { Check, Copy, Download, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '../../../components/list/query-state';
import { CurrentPasswordField } from '../../../components/form/current-password-field';
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
import { toApiError } from '../../../lib/api-client';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { Form } from '../../../components/form/form';

type SetupValues = { currentPassword: string };
const validation = () => import('./security-validation');
const startSetupResolver = lazyResolver<SetupValues>(() =>
  validation().then((module) => module.startSetupResolver),
);
const enableResolver = lazyResolver<EnableTwoFactorInput>(() =>
  validation().then((module) => module.enableResolver),
);
const disableResolver = lazyResolver<DisableTwoFactorInput>(() =>
  validation().then((module) => module.disableResolver),
);

/** A refusal's general text: the server's message, else the client's own for what happened. */
const generalMessage = (failure: unknown) => toApiError(failure).message;

/** A secret in groups of four, as authenticator apps show and accept it. */
const groupsOf = (text: string, size: number) => text.match(new RegExp(`.{1,${size}}`, 'g')) ?? [];

/**
 * Copies `text` and says 'Copied' for a moment; if the browser refuses (no clipboard permission,
 * an insecure origin) it says to copy by hand, and the text stays on screen to select.
 */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const reset = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(reset);
  }, [state]);
  const copy = () => {
    navigator.clipboard
      .writeText(text)
      .then(() => setState('copied'))
      .catch(() => setState('failed'));
  };
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span
        role="status"
        className={state === 'failed' ? 'text-sm text-muted-foreground' : 'sr-only'}
      >
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? 'Could not copy: select the text and copy it'
            : ''}
      </span>
    </>
  );
}

/** Saves the recovery codes as a text file (coop-portal-recovery-codes.txt). */
function downloadCodes(codes: string[]) {
  const text = [
    'Coop Portal recovery codes',
    'Each code signs you in once if you lose your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'coop-portal-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Settings → Enable two-factor: enrol (QR and secret, then a code), recovery codes, turn off. */
export function TwoFactorView() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <QueryState
      isPending={status.isPending}
      errorMessage={status.error ? toApiError(status.error).message : null}
      onRetry={() => void status.refetch()}
      isEmpty={false}
      emptyMessage=""
      loadingLabel="Loading two-factor sign-in"
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data?.enabled ? (
        <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <Enrol onEnabled={setRecoveryCodes} />
      )}
    </QueryState>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useStartTwoFactorSetup();
  if (!setup.data) return <StartSetup setup={setup} />;
  return (
    <EnableWithCode
      secret={setup.data.secret}
      qrCode={setup.data.qrCodeDataUrl}
      onEnabled={onEnabled}
    />
  );
}

/**
 * Enrolment starts with the current password (decision 082): a wrong one belongs under it,
 * anything else (a lockout, the network) in the alert above the form.
 */
function StartSetup({ setup }: { setup: ReturnType<typeof useStartTwoFactorSetup> }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetupValues>({
    resolver: startSetupResolver,
    defaultValues: { currentPassword: '' },
  });
  const onSubmit = (values: SetupValues) =>
    setup.mutateAsync(values).then(
      // What success shows comes from the mutation's own state and hook, not from here.
      () => undefined,
      (failure: unknown) =>
        showSubmitFailure(failure, setError, ['currentPassword'], generalMessage(failure)),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Two-factor sign-in is off
        </CardTitle>
        <CardDescription>
          With two-factor sign-in, signing in takes your password and a 6-digit code from an
          authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis,
          1Password…).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          submit={handleSubmit(onSubmit)}
          preload={startSetupResolver.preload}
          className="grid max-w-md gap-4"
        >
          <FormFailure message={errors.root?.server?.message} />
          <CurrentPasswordField
            id="two-factor-current-password"
            error={errors.currentPassword?.message}
            hint="To set it up, confirm it is you with your password first."
            {...register('currentPassword')}
          />
          <SubmitButton
            className="w-full sm:w-auto"
            isPending={setup.isPending}
            pendingLabel="Preparing..."
          >
            <ShieldCheck aria-hidden="true" />
            Set up two-factor sign-in
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

function EnableWithCode({
  secret,
  qrCode,
  onEnabled,
}: {
  secret: string;
  qrCode: string;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EnableTwoFactorInput>({ resolver: enableResolver, defaultValues: { code: '' } });
  const onSubmit = (values: EnableTwoFactorInput) =>
    enable.mutateAsync(values).then(
      (data) => onEnabled(data.recoveryCodes),
      (failure: unknown) => showSubmitFailure(failure, setError, ['code'], generalMessage(failure)),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Scan the code with your authenticator app
        </CardTitle>
        <CardDescription>Then enter the 6-digit code the app shows to turn it on.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <img
          src={qrCode}
          alt="QR code to add the Coop Portal to your authenticator app"
          width={240}
          height={240}
          className="mx-auto rounded-md border bg-white p-2"
        />
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Can’t scan? Enter this key in the app:</p>
          {/* Each group of four stays whole: a line wraps between groups, never inside one. */}
          <code
            className="flex flex-wrap gap-x-2 rounded-md bg-muted px-3 py-2 font-mono text-sm"
            aria-label="Secret key"
          >
            {groupsOf(secret, 4).map((group, index) => (
              <span key={index} className="whitespace-nowrap">
                {group}
              </span>
            ))}
          </code>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton text={secret} label="Copy key" />
          </div>
        </div>
        <Form
          submit={handleSubmit(onSubmit)}
          preload={enableResolver.preload}
          className="grid max-w-md gap-4"
        >
          <FormFailure message={errors.root?.server?.message} />
          <FormField id="two-factor-code" label="6-digit code" error={errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              {...register('code')}
            />
          </FormField>
          <SubmitButton
            className="w-full sm:w-auto"
            isPending={enable.isPending}
            pendingLabel="Turning on..."
          >
            Turn on two-factor sign-in
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Two-factor sign-in is on. Save your recovery codes
        </CardTitle>
        <CardDescription>
          Each code signs you in once if you lose your phone. They are shown only now: write them
          down or print them, and keep them somewhere safe.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code} className="rounded-md bg-muted px-3 py-2 text-center whitespace-nowrap">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-2">
          <CopyButton text={codes.join('\n')} label="Copy codes" />
          <Button type="button" variant="outline" size="sm" onClick={() => downloadCodes(codes)}>
            <Download aria-hidden="true" />
            Download codes
          </Button>
        </div>
        <Button className="w-full sm:w-auto" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </CardContent>
    </Card>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableTwoFactorInput>({
    resolver: disableResolver,
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = (values: DisableTwoFactorInput) =>
    disable.mutateAsync(values).then(
      // What success shows comes from the mutation's own state and hook, not from here.
      () => undefined,
      (failure: unknown) =>
        showSubmitFailure(failure, setError, ['password', 'code'], generalMessage(failure)),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Two-factor sign-in is on
        </CardTitle>
        <CardDescription>
          Signing in asks for a code from your authenticator app. Recovery codes left:{' '}
          {recoveryCodesLeft}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          submit={handleSubmit(onSubmit)}
          preload={disableResolver.preload}
          className="grid max-w-md gap-4"
        >
          <p className="text-sm text-muted-foreground">
            To turn it off, enter your password and a code from the app (or a recovery code).
          </p>
          <FormFailure message={errors.root?.server?.message} />
          <CurrentPasswordField
            id="disable-password"
            label="Password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField id="disable-code" label="Authentication code" error={errors.code?.message}>
            <Input autoComplete="one-time-code" placeholder="123456" {...register('code')} />
          </FormField>
          <SubmitButton
            variant="destructive"
            className="w-full sm:w-auto"
            isPending={disable.isPending}
            pendingLabel="Turning off..."
          >
            Turn off two-factor sign-in
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
