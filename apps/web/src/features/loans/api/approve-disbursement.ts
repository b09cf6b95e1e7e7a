import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
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
  return useOfficerMutation(approveDisbursement);
}
