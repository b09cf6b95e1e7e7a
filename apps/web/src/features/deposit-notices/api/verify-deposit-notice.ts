import type { AdminDepositNoticeResponse } from '@coop/shared/deposit-notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDepositNotice,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
