import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
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
  return useOfficerMutation(markLoanDefaulted);
}
