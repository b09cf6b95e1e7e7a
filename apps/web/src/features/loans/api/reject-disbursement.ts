import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { officerLoanPath } from './loan-keys';

/** The Idempotency-Key: one per thing the officer asked for, kept across its retries. */
export type RejectDisbursementInput = { id: string; reason: string; idempotencyKey: string };

/**
 * POST /admin/loans/{id}/disbursement/reject: the second officer's no; the borrower is told why.
 */
export function rejectDisbursement({
  id,
  reason,
  idempotencyKey,
}: RejectDisbursementInput): Promise<AdminLoanDetailResponse> {
  return api.post<AdminLoanDetailResponse>(
    `${officerLoanPath(id)}/disbursement/reject`,
    { reason },
    {
      idempotencyKey,
    },
  );
}

export function useRejectDisbursement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDisbursement,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
