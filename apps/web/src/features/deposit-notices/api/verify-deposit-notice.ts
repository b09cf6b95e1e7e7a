import type { AdminDepositNoticeResponse } from '@coop/shared/deposit-notices';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type VerifyDepositNoticeInput = { id: string; idempotencyKey: string };

/** POST /admin/deposit-notices/{id}/verify: the money is credited and the member is told. */
export function verifyDepositNotice({
  id,
  idempotencyKey,
}: VerifyDepositNoticeInput): Promise<AdminDepositNoticeResponse> {
  return api.post<AdminDepositNoticeResponse>(
    `/admin/deposit-notices/${encodeURIComponent(id)}/verify`,
    undefined,
    { idempotencyKey },
  );
}

export function useVerifyDepositNotice() {
  return useOfficerMutation(verifyDepositNotice);
}
