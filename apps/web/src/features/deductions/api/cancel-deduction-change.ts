import type { ChangeRequestResponse } from '@coop/shared/deductions';
import { api } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { refreshAfterDeductionChange } from './deduction-keys';

export type CancelDeductionChangeInput = { id: string; idempotencyKey: string };

/** POST /users/deductions/change-requests/{id}/cancel: the member withdraws an open request. */
export function cancelDeductionChange({
  id,
  idempotencyKey,
}: CancelDeductionChangeInput): Promise<ChangeRequestResponse> {
  return api.post<ChangeRequestResponse>(
    `/users/deductions/change-requests/${encodeURIComponent(id)}/cancel`,
    undefined,
    { idempotencyKey },
  );
}

export function useCancelDeductionChange() {
  return useRefreshingMutation(cancelDeductionChange, refreshAfterDeductionChange);
}
