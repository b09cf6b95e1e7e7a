import type { LoanGuarantor } from '@coop/shared/loans';
import type { SuccessResponse } from '@coop/shared/http';
import { api } from '../../../lib/api';
import { refreshAfterLoanChange } from './loan-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type ReassignGuarantorInput = { guarantorId: string; newGuarantorUserId: string };

/** POST /users/guarantees/{id}/reassign: a declined guarantor replaced by another member. */
export function reassignGuarantor({
  guarantorId,
  newGuarantorUserId,
}: ReassignGuarantorInput): Promise<SuccessResponse<LoanGuarantor>> {
  return api.post<SuccessResponse<LoanGuarantor>>(
    `/users/guarantees/${encodeURIComponent(guarantorId)}/reassign`,
    { newGuarantorUserId, guarantorId },
    { idempotencyKey: `reassign-${guarantorId}-${newGuarantorUserId}` },
  );
}

export function useReassignGuarantor() {
  return useRefreshingMutation(reassignGuarantor, refreshAfterLoanChange);
}
