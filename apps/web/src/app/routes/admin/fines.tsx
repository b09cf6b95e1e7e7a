import { FinesQueue } from '../../../features/fines/components/officer/fines-queue';
import { IssueFineDialog } from '../../../features/fines/components/officer/issue-fine-dialog';
import { FINE_LIST_CONFIG } from '../../../features/fines/components/officer/fine-list-config';
import { listRoute } from '../list-route';

/**
 * Fines (docs/decisions/043-admin-money-and-late-repayment-fines.md): fines issued to one member or
 * many, waived with a reason, or marked paid.
 */
export default listRoute({
  config: FINE_LIST_CONFIG,
  title: 'Fines',
  description: 'Issue a fine to one member or several, waive one with a reason, or record it paid.',
  actions: <IssueFineDialog />,
  List: FinesQueue,
});
