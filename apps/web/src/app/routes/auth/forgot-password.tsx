import { Navigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { documentTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useAuth } from '../../../lib/auth-store';

export default function ForgotPasswordRoute() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthLayout title={documentTitle('Forgot password')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
