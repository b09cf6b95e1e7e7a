import { Navigate, useLocation } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { documentTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { DeferredLoginForm } from '../../../features/auth/components/deferred-login-form';
import { useAuth } from '../../../lib/auth-store';
import { redirectTarget } from '../../../lib/redirect';

export default function LoginRoute() {
  const { isAuthenticated, user } = useAuth();
  const { search } = useLocation();
  // Signed in (already, or just now by this form): open the page the member first asked for. An
  // administrator lands on the back office's overview (docs/decisions/070-back-office.md), a member
  // on the dashboard.
  const home = user?.role === 'admin' ? paths.admin : paths.dashboard;
  if (isAuthenticated) return <Navigate to={redirectTarget(search, home)} replace />;
  return (
    <AuthLayout title={documentTitle('Sign in')}>
      <DeferredLoginForm />
    </AuthLayout>
  );
}
