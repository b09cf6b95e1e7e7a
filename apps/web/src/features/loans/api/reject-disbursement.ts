import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
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
  return useOfficerMutation(rejectDisbursement);
}
