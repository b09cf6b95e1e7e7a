import { administratorMemberNavigation } from '../../../components/layouts/nav-items';
import { RequireAuth } from '../../../features/auth/components/require-auth';
import { useAuth } from '../../../lib/auth-store';
import { SignedInLayout } from '../../layouts/signed-in-layout';

/** The member portal; an administrator's sidebar also links to the back office. */
function MemberArea() {
  const { user } = useAuth();
  return (
    <SignedInLayout
      navigation={user?.role === 'admin' ? administratorMemberNavigation : undefined}
    />
  );
}

export default function MemberLayoutRoute() {
  return (
    <RequireAuth>
      <MemberArea />
    </RequireAuth>
  );
}
