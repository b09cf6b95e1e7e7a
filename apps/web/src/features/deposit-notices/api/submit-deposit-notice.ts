import type { DepositNoticeResponse } from '@coop/shared/deposit-notices';
import { api } from '../../../lib/api';
import { depositNoticeKeys } from './deposit-notice-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type SubmitDepositNoticeInput = {
  savingsAmount: number;
  shareHoldingAmount: number;
  transferDate: string;
  bankReference: string;
  note: string;
  /** One key per form submission, so a retry after a lost answer is not a second notice. */
  idempotencyKey: string;
};

/** POST /users/deposit-notices with Idempotency-Key. */
export function submitDepositNotice({
  idempotencyKey,
  note,
  bankReference,
  ...amounts
}: SubmitDepositNoticeInput): Promise<DepositNoticeResponse> {
  const trimmed = note.trim();
  return api.post<DepositNoticeResponse>(
    '/users/deposit-notices',
    { ...amounts, bankReference: bankReference.trim(), ...(trimmed ? { note: trimmed } : {}) },
    { idempotencyKey },
  );
}

export function useSubmitDepositNotice() {
  return useRefreshingMutation(submitDepositNotice, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: depositNoticeKeys.all }),
  );
}
