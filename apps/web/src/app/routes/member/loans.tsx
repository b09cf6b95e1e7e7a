import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import {
  GUARANTOR_REQUEST_LIST_CONFIG,
  MY_LOAN_LIST_CONFIG,
} from '../../../features/loans/components/loan-list-config';
import { LoansPage } from '../../../features/loans/components/loans-page';
import { useAuth } from '../../../lib/auth-store';
import { useListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 Loans page; /loans/new and /guarantees/invite open its wizard or
 * reassign dialog.
 */
export default function LoansRoute() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The route owns the lists' state (docs/decisions/128-list-pages-route-owns-state.md): one per
  // tab that lists.
  const myLoans = useListParams(MY_LOAN_LIST_CONFIG);
  const guarantorRequests = useListParams(GUARANTOR_REQUEST_LIST_CONFIG);
  if (!user) return null;
  const intent =
    pathname === paths.loansNew
      ? ('new-loan' as const)
      : pathname === paths.guaranteesInvite
        ? ('invite-guarantor' as const)
        : undefined;
  return (
    <LoansPage user={user} lists={{ myLoans, guarantorRequests }} {...(intent ? { intent } : {})} />
  );
}
