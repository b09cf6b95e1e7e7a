import { DepositNoticesQueue } from '../../../features/deposit-notices/components/officer/deposit-notices-queue';
import { DEPOSIT_NOTICE_LIST_CONFIG } from '../../../features/deposit-notices/components/officer/deposit-notice-list-config';
import { listRoute } from '../list-route';

/**
 * Deposit notices (docs/decisions/043-admin-money-and-late-repayment-fines.md): transfers members
 * notified, verified against the bank or rejected here.
 */
export default listRoute({
  config: DEPOSIT_NOTICE_LIST_CONFIG,
  title: 'Deposit notices',
  description:
    'Transfers members told us about, oldest first. Find each bank reference on the statement, then verify it (posted as a contribution) or reject it.',
  List: DepositNoticesQueue,
});
