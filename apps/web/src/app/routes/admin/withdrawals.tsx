import { PageTitle } from '../../../components/layouts/page-title';
import { AdminListFilters } from '../../../features/back-office/components/admin-list-filters';
import {
  WITHDRAWAL_FILTERS,
  WITHDRAWAL_LIST_CONFIG,
} from '../../../features/withdrawals/components/officer/withdrawal-list-config';
import { WithdrawalsList } from '../../../features/withdrawals/components/officer/withdrawals-view';
import { useListParams } from '../../../lib/use-list-params';

/**
 * Withdrawals (docs/decisions/043-admin-money-and-late-repayment-fines.md): members' withdrawal
 * requests, approved (ledger debit) or rejected here.
 */
export default function AdminWithdrawalsRoute() {
  const list = useListParams(WITHDRAWAL_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Withdrawals"
        description="Members’ withdrawal requests, oldest first. Approve pays out through the ledger after checking the balance again; reject says why."
      />
      <AdminListFilters
        list={list}
        filters={WITHDRAWAL_FILTERS}
        title="Search withdrawals"
        description="Find requests by member, status, type or date."
        search={{ label: 'Search', placeholder: 'Member name or membership ID' }}
      />
      <WithdrawalsList list={list} />
    </div>
  );
}
