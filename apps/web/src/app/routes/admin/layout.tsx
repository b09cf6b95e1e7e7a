import { TOP_BAR_NOTIFICATIONS_QUERY } from '@coop/shared/constants';
import { Suspense, useMemo, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths';
import { AppToaster } from '../../../components/ui/toaster';
import { AppShell } from '../../../components/layouts/app-shell';
import { Spinner } from '../../../components/ui/spinner';
import { signOut } from '../../../features/auth/api/logout';
import { RequireAuth } from '../../../features/auth/components/require-auth';
import { adminNavigation } from '../../../features/back-office/components/admin-navigation';
import { useProposals } from '../../../features/back-office/api/proposals';
import { useNotifications } from '../../../features/notifications/api/get-notifications';
import { useAuth } from '../../../lib/auth-store';

const ADMIN_ONLY = ['admin'] as const;

function AdminArea() {
  const { user, twoFactorRequired } = useAuth();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const notifications = useNotifications(TOP_BAR_NOTIFICATIONS_QUERY);
  const waiting = useProposals('pending').data?.data.length;
  const navigation = useMemo(
    () => ({
      ...adminNavigation,
      main: adminNavigation.main.map((item) =>
        item.to === paths.adminApprovals && waiting
          ? { ...item, count: { value: waiting, noun: 'waiting' } }
          : item,
      ),
    }),
    [waiting],
  );
  if (!user) return null;
  // The back office refused this officer for want of a two-factor sign-in: set-up says why.
  if (twoFactorRequired !== undefined) return <Navigate to={paths.settingsTwoFactor} replace />;
  return (
    <>
      <AppShell
        user={user}
        unreadCount={notifications.data?.summary.unreadCount}
        onLogout={() => {
          setLoggingOut(true);
          void signOut();
        }}
        isLoggingOut={isLoggingOut}
        navigation={navigation}
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label="Loading page" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell>
      <AppToaster />
    </>
  );
}

/**
 * The back office (issue 9): administrators only; a member who opens /admin is sent to
 * /unauthorized. Its code is in chunks of its own, so no member downloads it.
 */
export default function AdminLayoutRoute() {
  return (
    <RequireAuth allowedRoles={ADMIN_ONLY}>
      <AdminArea />
    </RequireAuth>
  );
}
