import type { AdminLoanDetailResponse, DisburseLoanInput } from '@coop/shared/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { officerLoanPath } from './loan-keys';

/** The Idempotency-Key: one per thing the officer asked for, kept across its retries. */
export type DisburseLoanVariables = {
  id: string;
  values: DisburseLoanInput;
  idempotencyKey: string;
};

/**
 * POST /admin/loans/{id}/disburse: the money goes out, or waits for a second officer above the
 * two-signature limit.
 */
export function disburseLoan({
  id,
  values,
  idempotencyKey,
}: DisburseLoanVariables): Promise<AdminLoanDetailResponse> {
  return api.post<AdminLoanDetailResponse>(`${officerLoanPath(id)}/disburse`, values, {
    idempotencyKey,
  });
}

export function useDisburseLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disburseLoan,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
