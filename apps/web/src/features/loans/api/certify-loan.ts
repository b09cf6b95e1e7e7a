import type { CertificationResult } from '@coop/shared/loans';
import type { SuccessResponse } from '@coop/shared/http';
import { api } from '../../../lib/api';
import { refreshAfterLoanChange } from './loan-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type CertifyLoanInput = { id: string; decision: 'approve' | 'reject'; note: string };

/** POST /users/loans/{id}/certify: a reviewer's decision, with the note when one was written. */
export function certifyLoan({
  id,
  decision,
  note,
}: CertifyLoanInput): Promise<SuccessResponse<CertificationResult>> {
  return api.post<SuccessResponse<CertificationResult>>(
    `/users/loans/${encodeURIComponent(id)}/certify`,
    { decision, ...(note.trim() ? { note: note.trim() } : {}) },
    { idempotencyKey: `certify-${id}-${decision}` },
  );
}

export function useCertifyLoan() {
  return useRefreshingMutation(certifyLoan, refreshAfterLoanChange);
}
