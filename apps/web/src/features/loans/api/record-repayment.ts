import type { AdminLoanDetailResponse, AdminRepaymentInput } from '@coop/shared/loans';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
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
  return useOfficerMutation(recordRepayment);
}
