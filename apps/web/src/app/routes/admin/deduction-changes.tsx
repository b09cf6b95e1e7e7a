import { ChangeRequestsQueue } from '../../../features/payroll/components/officer/change-requests-queue';
import { CHANGE_REQUEST_LIST_CONFIG } from '../../../features/payroll/components/officer/change-request-list-config';
import { listRoute } from '../list-route';

/**
 * Deduction changes (docs/administrators.md "Deduction instructions and change requests"):
 * members' requests for new monthly savings and shares, approved (a new instruction) or rejected
 * here. Nobody decides their own; the server refuses it and says so.
 */
export default listRoute({
  config: CHANGE_REQUEST_LIST_CONFIG,
  title: 'Deduction changes',
  description:
    'Members’ requests for new monthly savings and shares, oldest first. Approve writes the new instruction from the month shown; reject says why.',
  List: ChangeRequestsQueue,
});
