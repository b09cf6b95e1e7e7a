import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { officerLoanPath } from './loan-keys';

/** The Idempotency-Key: one per thing the officer asked for, kept across its retries. */
export type MarkLoanDefaultedInput = { id: string; reason: string; idempotencyKey: string };

/** POST /admin/loans/{id}/default: the loan is marked defaulted; the borrower is told why. */
export function markLoanDefaulted({
  id,
  reason,
  idempotencyKey,
}: MarkLoanDefaultedInput): Promise<AdminLoanDetailResponse> {
  return api.post<AdminLoanDetailResponse>(
    `${officerLoanPath(id)}/default`,
    { reason },
    {
      idempotencyKey,
    },
  );
}

export function useMarkLoanDefaulted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLoanDefaulted,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
