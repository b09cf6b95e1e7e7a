import type { AdminLoanDetailResponse, AdminRepaymentInput } from '@coop/shared/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { officerLoanPath } from './loan-keys';

/** The Idempotency-Key: one per thing the officer asked for, kept across its retries. */
export type RecordRepaymentVariables = {
  id: string;
  values: AdminRepaymentInput;
  idempotencyKey: string;
};

/** POST /admin/loans/{id}/repayments: a repayment the officer received outside payroll. */
export function recordRepayment({
  id,
  values,
  idempotencyKey,
}: RecordRepaymentVariables): Promise<AdminLoanDetailResponse> {
  return api.post<AdminLoanDetailResponse>(`${officerLoanPath(id)}/repayments`, values, {
    idempotencyKey,
  });
}

export function useRecordRepayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRepayment,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
