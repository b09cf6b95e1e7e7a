import { TOP_BAR_NOTIFICATIONS_QUERY } from '@coop/shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '../../components/layouts/app-shell';
import type { ShellNavigation } from '../../components/layouts/nav-items';
import { Spinner } from '../../components/ui/spinner';
import { AppToaster } from '../../components/ui/toaster';
import { useSettings } from '../../features/account/api/get-settings';
import { signOut } from '../../features/auth/api/logout';
import { useNotifications } from '../../features/notifications/api/get-notifications';
import { useAuth } from '../../lib/auth-store';
import { registerServiceWorker } from '../../lib/service-worker';
import { applyDarkMode } from '../../lib/theme';

/** How often the bell asks for new notifications while the portal is open. */
export const BELL_REFRESH_MS = 60_000;

/**
 * The signed-in layout of both areas, the member portal and the back office: the shell with the
 * area's navigation, the bell kept fresh, the saved theme applied, logout, and the page's lazily
 * loaded code. Each area's layout route guards it and passes its navigation (docs/architecture.md
 * "Features and where a component lives"): officer-only navigation stays in the back office's
 * chunks.
 */
export function SignedInLayout({ navigation }: { navigation?: ShellNavigation | undefined }) {
  const { user } = useAuth();
  const [isLoggingOut, setLoggingOut] = useState(false);
  // docs/member-portal.md §2: the top bar loads notifications page 1, limit 10 when it appears. The
  // list page's first page uses the same query, so marking one read updates the bell too.
  const notifications = useNotifications(TOP_BAR_NOTIFICATIONS_QUERY, {
    refetchInterval: BELL_REFRESH_MS,
  });

  // The user's saved theme, on this device too (decision 051): index.html painted the stored
  // choice; once the settings arrive they decide.
  const darkMode = useSettings().data?.data.darkMode;
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);

  // Installable and readable offline once signed in (decision 166); the sign-in page stays as it is.
  useEffect(registerServiceWorker, []);

  // The guard renders this only with a loaded user.
  if (!user) return null;

  const logout = () => {
    setLoggingOut(true);
    // Signed out in the auth state; the guard then opens /auth/login.
    void signOut();
  };

  return (
    <>
      <AppShell
        user={user}
        unreadCount={notifications.data?.summary.unreadCount}
        onLogout={logout}
        isLoggingOut={isLoggingOut}
        {...(navigation ? { navigation } : {})}
      >
        {/* The shell stays on screen while a page's code loads for the first time. */}
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
