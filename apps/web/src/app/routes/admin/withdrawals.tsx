import { WITHDRAWAL_LIST_CONFIG } from '../../../features/withdrawals/components/officer/withdrawal-list-config';
import { WithdrawalsQueue } from '../../../features/withdrawals/components/officer/withdrawals-queue';
import { listRoute } from '../list-route';

/**
 * Withdrawals (docs/decisions/043-admin-money-and-late-repayment-fines.md): members' withdrawal
 * requests, approved (ledger debit) or rejected here.
 */
export default listRoute({
  config: WITHDRAWAL_LIST_CONFIG,
  title: 'Withdrawals',
  description:
    'Members’ withdrawal requests, oldest first. Approve pays out through the ledger after checking the balance again; reject says why.',
  List: WithdrawalsQueue,
});
