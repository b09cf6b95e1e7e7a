import { ShieldAlert } from 'lucide-react';
import { PageTitle } from '../../../components/layouts/page-title';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { useAuth } from '../../../lib/auth-store';
import { TwoFactorView } from '../../../features/security/components/two-factor-view';

/** Settings → Enable two-factor (docs/security.md). */
export default function TwoFactorRoute() {
  const { twoFactorRequired } = useAuth();
  return (
    <div className="grid gap-6">
      <PageTitle
        title="Two-factor sign-in"
        description="A code from your phone as well as your password."
      />
      {twoFactorRequired !== undefined ? (
        <Alert role="status">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>The back office needs two-factor sign-in</AlertTitle>
          <AlertDescription>{twoFactorRequired}</AlertDescription>
        </Alert>
      ) : null}
      <TwoFactorView />
    </div>
  );
}
