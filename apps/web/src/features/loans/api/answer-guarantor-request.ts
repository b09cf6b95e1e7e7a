import type { GuarantorRequest } from '@coop/shared/guarantors';
import type { SuccessResponse } from '@coop/shared/http';
import { api } from '../../../lib/api';
import { refreshAfterLoanChange } from './loan-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type AnswerGuarantorRequestInput = {
  request: GuarantorRequest;
  decision: 'accept' | 'reject';
  reason?: string;
};

/** POST /users/guarantees/{id}/accept or /reject, with the request's acceptance token. */
export function answerGuarantorRequest({
  request,
  decision,
  reason,
}: AnswerGuarantorRequestInput): Promise<SuccessResponse<GuarantorRequest>> {
  return api.post<SuccessResponse<GuarantorRequest>>(
    `/users/guarantees/${encodeURIComponent(request.id)}/${decision}`,
    decision === 'accept'
      ? { token: request.acceptanceToken }
      : { token: request.acceptanceToken, ...(reason ? { reason } : {}) },
    { idempotencyKey: `${decision}-${request.id}` },
  );
}

export function useAnswerGuarantorRequest() {
  return useRefreshingMutation(answerGuarantorRequest, refreshAfterLoanChange);
}
