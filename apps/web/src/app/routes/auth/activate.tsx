import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { documentTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { ActivateAccount } from '../../../features/auth/components/activate-account';
import { authStore } from '../../../lib/auth-store';

/** /auth/activate and /activate-account: the same screen (docs/member-portal.md §2). */
export default function ActivateRoute() {
  const [params] = useSearchParams();
  // Checked on arrival only: activating signs the member in, and the success view must stay.
  const [arrivedSignedIn] = useState(() => authStore.getState().isAuthenticated);
  if (arrivedSignedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthLayout title={documentTitle('Activate your account')}>
      <ActivateAccount token={params.get('token') || null} />
    </AuthLayout>
  );
}
