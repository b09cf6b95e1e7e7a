import { Check, CircleAlert, Copy, Download, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../components/list/query-state';
import { CurrentPasswordField } from '../../../components/form/current-password-field';
import { FormField } from '../../../components/form/form-field';
import { Alert, AlertDescription } from '../../../components/ui/alert';
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
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

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

function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
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
  const enable = useEnableTwoFactor();
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (!setup.data) {
    // Enrolment starts with the current password (decision 082): a wrong one belongs under it,
    // anything else (a lockout, the network) in the alert above the form.
    const onField = setup.error
      ? serverFieldMessages(setup.error, ['currentPassword'] as const).currentPassword
      : undefined;
    const start = (event: React.FormEvent) => {
      event.preventDefault();
      if (currentPassword === '') {
        setPasswordError('Current password is required');
        return;
      }
      setPasswordError(null);
      setup.mutate({ currentPassword });
    };
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
          <form onSubmit={start} noValidate className="grid max-w-md gap-4">
            <ErrorAlert
              message={setup.error && !onField ? toApiError(setup.error).message : null}
            />
            <CurrentPasswordField
              id="two-factor-current-password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                setPasswordError(null);
                setup.reset();
              }}
              error={passwordError ?? onField}
              hint="To set it up, confirm it is you with your password first."
            />
            <Button type="submit" className="w-full sm:w-auto" disabled={setup.isPending}>
              <ShieldCheck aria-hidden="true" />
              {setup.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
            </Button>
          </form>
        </CardContent>
      </Card>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setFieldError(CODE_MESSAGE);
      return;
    }
    setFieldError(null);
    enable.mutate({ code: value }, { onSuccess: (data) => onEnabled(data.recoveryCodes) });
  };

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
          src={setup.data.qrCodeDataUrl}
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
            {groupsOf(setup.data.secret, 4).map((group, index) => (
              <span key={index} className="whitespace-nowrap">
                {group}
              </span>
            ))}
          </code>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton text={setup.data.secret} label="Copy key" />
          </div>
        </div>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          <ErrorAlert message={enable.error ? toApiError(enable.error).message : null} />
          <FormField id="two-factor-code" label="6-digit code" error={fieldError ?? undefined}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <Button type="submit" className="w-full sm:w-auto" disabled={enable.isPending}>
            {enable.isPending ? 'Turning on...' : 'Turn on two-factor sign-in'}
          </Button>
        </form>
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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    const next = {
      ...(password ? {} : { password: 'Password is required' }),
      ...(/^(\d{6}|[a-zA-Z2-7]{5}-?[a-zA-Z2-7]{5})$/.test(value) ? {} : { code: CODE_MESSAGE }),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    disable.mutate({ password, code: value });
  };

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
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          <p className="text-sm text-muted-foreground">
            To turn it off, enter your password and a code from the app (or a recovery code).
          </p>
          <ErrorAlert message={disable.error ? toApiError(disable.error).message : null} />
          <CurrentPasswordField
            id="disable-password"
            label="Password"
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <FormField id="disable-code" label="Authentication code" error={errors.code}>
            <Input
              autoComplete="one-time-code"
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            variant="destructive"
            className="w-full sm:w-auto"
            disabled={disable.isPending}
          >
            {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
