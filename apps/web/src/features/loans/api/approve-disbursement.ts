import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { officerLoanPath } from './loan-keys';

/** The Idempotency-Key: one per thing the officer asked for, kept across its retries. */
export type ApproveDisbursementInput = { id: string; idempotencyKey: string };

/** POST /admin/loans/{id}/disbursement/approve: the second officer's yes; the money goes out. */
export function approveDisbursement({
  id,
  idempotencyKey,
}: ApproveDisbursementInput): Promise<AdminLoanDetailResponse> {
  return api.post<AdminLoanDetailResponse>(
    `${officerLoanPath(id)}/disbursement/approve`,
    undefined,
    {
      idempotencyKey,
    },
  );
}

export function useApproveDisbursement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDisbursement,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
