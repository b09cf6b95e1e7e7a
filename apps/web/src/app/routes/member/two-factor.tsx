import { PageTitle } from '../../../components/layouts/page-title';
import { TwoFactorView } from '../../../features/security/components/two-factor-view';

/** Settings → Enable two-factor (issue 10). */
export default function TwoFactorRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle
        title="Two-factor sign-in"
        description="A code from your phone as well as your password."
      />
      <TwoFactorView />
    </div>
  );
}
