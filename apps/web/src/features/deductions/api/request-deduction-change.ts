import type { ChangeRequestResponse } from '@coop/shared/deductions';
import { api } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { refreshAfterDeductionChange } from './deduction-keys';

export type RequestDeductionChangeInput = {
  savingsAmount: number;
  shareAmount: number;
  /** One key per dialog opening, so a retry after a lost answer is not a second request. */
  idempotencyKey: string;
};

/** POST /users/deductions/change-requests: approved at once within the policy's limit, else pending. */
export function requestDeductionChange({
  savingsAmount,
  shareAmount,
  idempotencyKey,
}: RequestDeductionChangeInput): Promise<ChangeRequestResponse> {
  return api.post<ChangeRequestResponse>(
    '/users/deductions/change-requests',
    { savingsAmount, shareAmount },
    { idempotencyKey },
  );
}

export function useRequestDeductionChange() {
  return useRefreshingMutation(requestDeductionChange, refreshAfterDeductionChange);
}
