import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { RequireAuth } from '../../../features/auth/components/require-auth';
import {
  adminNavigation,
  withQueueCounts,
} from '../../../features/back-office/components/admin-navigation';
import { useOverview } from '../../../features/back-office/api/get-overview';
import { useAuth } from '../../../lib/auth-store';
import { SignedInLayout } from '../../layouts/signed-in-layout';

const ADMIN_ONLY = ['admin'] as const;

function AdminArea() {
  const { twoFactorRequired } = useAuth();
  // The overview's queues, which every officer's write refreshes (decision 127): one count per
  // queue, the same on the overview and beside the queue's page.
  const queues = useOverview().data?.data.queues;
  const navigation = useMemo(() => withQueueCounts(adminNavigation, queues), [queues]);
  // The back office refused this officer for want of a two-factor sign-in: set-up says why.
  if (twoFactorRequired !== undefined) return <Navigate to={paths.settingsTwoFactor} replace />;
  return <SignedInLayout navigation={navigation} />;
}

/**
 * The back office (docs/decisions/070-back-office.md): administrators only; a member who opens
 * /admin is sent to /unauthorized. Its code is in chunks of its own, so no member downloads it.
 */
export default function AdminLayoutRoute() {
  return (
    <RequireAuth allowedRoles={ADMIN_ONLY}>
      <AdminArea />
    </RequireAuth>
  );
}
