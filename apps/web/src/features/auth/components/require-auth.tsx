import { USER_ROLES } from '@coop/shared/constants';
import type { UserRole } from '@coop/shared/auth';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { authStore, useAuth } from '../../../lib/auth-store';
import { loginPathFor } from '../../../lib/redirect';
import { loadCurrentUser } from '../api/get-current-user';

/**
 * The access guard of docs/member-portal.md §2, in its order: spinner while the user is unknown,
 * fetch the user when only a token is known, then sign-in, role and active-account checks.
 */
export function RequireAuth({
  allowedRoles = USER_ROLES,
  children,
}: {
  /** Default: user and admin (docs/member-portal.md §6). */
  allowedRoles?: readonly UserRole[];
  children: ReactNode;
}) {
  const { user, accessToken, isAuthenticated, isLoading, error } = useAuth();
  const location = useLocation();
  const needsUser = accessToken !== null && user === null && error === null;

  useEffect(() => {
    if (needsUser && !isLoading) void loadCurrentUser();
  }, [needsUser, isLoading]);

  if (needsUser || isLoading) return <FullPageSpinner label="Loading your account" />;

  if (!isAuthenticated || error !== null || user === null) {
    // A member who signed out starts afresh; anyone else comes back here after signing in.
    const to = authStore.endedBySignOut() ? paths.login : loginPathFor(paths.login, location);
    return <Navigate to={to} replace />;
  }
  if (!allowedRoles.includes(user.role)) return <Navigate to={paths.unauthorized} replace />;
  if (!user.isActive) return <Navigate to={paths.accountSuspended} replace />;
  return children;
}
