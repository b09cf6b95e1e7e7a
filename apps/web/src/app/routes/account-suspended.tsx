import { formatPhone } from '@coop/shared/phone';
import { AUTH_MESSAGES } from '@coop/shared/messages';
import { Ban, LoaderCircle, LogOut, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { documentTitle } from '../../components/layouts/page-title';
import { StatusPage } from '../../components/layouts/status-page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { signOut } from '../../features/auth/api/logout';
import { usePublicConfig } from '../../features/cooperative/api/get-public-config';

function AdministratorContact() {
  const config = usePublicConfig();
  if (config.isPending) return <Spinner label="Loading the administrator's contact details" />;
  if (config.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        The administrator&apos;s contact details could not be loaded. Please try again later.
      </p>
    );
  }
  const { adminContactEmail, adminContactPhone } = config.data;
  return (
    <ul className="grid gap-2 text-sm">
      <li>
        <a
          href={`mailto:${adminContactEmail}`}
          className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          <Mail aria-hidden="true" className="size-4" />
          <span className="sr-only">Email: </span>
          {adminContactEmail}
        </a>
      </li>
      <li>
        <a
          href={`tel:${adminContactPhone.replace(/[^\d+]/g, '')}`}
          className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          <Phone aria-hidden="true" className="size-4" />
          <span className="sr-only">Phone: </span>
          {formatPhone(adminContactPhone)}
        </a>
      </li>
    </ul>
  );
}

function CopyrightNotice() {
  const config = usePublicConfig();
  return (
    <>
      © {new Date().getFullYear()} {config.data?.cooperativeName ?? APP_NAME}. All rights reserved.
    </>
  );
}

/**
 * docs/member-portal.md §2 Account Suspended: what a suspended member sees, and the only thing they
 * can do.
 */
export default function AccountSuspendedRoute() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
    await navigate(paths.login, { replace: true });
  };

  return (
    <StatusPage title={documentTitle('Account Suspended')} footer={<CopyrightNotice />}>
      <div className="flex size-16 items-center justify-center rounded-full bg-danger-soft">
        <Ban aria-hidden="true" className="size-8 text-destructive" />
      </div>
      <h1 className="text-2xl font-semibold">Account Suspended</h1>
      <p className="text-base">{AUTH_MESSAGES.accountSuspended}</p>

      <section
        aria-labelledby="suspension-meaning"
        className="grid w-full gap-2 rounded-xl border bg-card p-5 text-left shadow-xs"
      >
        <h2 id="suspension-meaning" className="font-semibold">
          What this means
        </h2>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>Your access to the member portal is restricted.</li>
          <li>
            No transactions or member services (contributions, loans, withdrawals) can be processed
            for your account.
          </li>
          <li>This may be due to pending verification or an administrative review.</li>
        </ul>
      </section>

      <section
        aria-labelledby="suspension-contact"
        className="grid w-full gap-3 rounded-xl border bg-card p-5 text-left shadow-xs"
      >
        <h2 id="suspension-contact" className="font-semibold">
          Contact the administrator
        </h2>
        <p className="text-sm text-muted-foreground">
          To find out why, or to restore your access, please get in touch:
        </p>
        <AdministratorContact />
      </section>

      <Button variant="outline" onClick={() => void handleSignOut()} disabled={signingOut}>
        {signingOut ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <LogOut aria-hidden="true" />
        )}
        Sign Out
      </Button>
    </StatusPage>
  );
}
