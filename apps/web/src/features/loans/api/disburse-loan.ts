import type { AdminLoanDetailResponse, DisburseLoanInput } from '@coop/shared/loans';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
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
  return useOfficerMutation(disburseLoan);
}
