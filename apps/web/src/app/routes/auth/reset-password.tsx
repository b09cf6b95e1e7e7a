import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { documentTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useAuth } from '../../../lib/auth-store';

export default function ResetPasswordRoute() {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;
  // Without the link's token there is nothing to reset: ask for a link (docs/member-portal.md §2).
  if (!token) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <AuthLayout title={documentTitle('Reset password')}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
