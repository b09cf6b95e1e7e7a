import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { LoansPage } from '../../../features/loans/components/loans-page';
import { useAuth } from '../../../lib/auth-store';

/** Spec §2 Loans page; /loans/new and /guarantees/invite open its wizard or reassign dialog. */
export default function LoansRoute() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user) return null;
  const intent =
    pathname === paths.loansNew
      ? ('new-loan' as const)
      : pathname === paths.guaranteesInvite
        ? ('invite-guarantor' as const)
        : undefined;
  return <LoansPage user={user} {...(intent ? { intent } : {})} />;
}
