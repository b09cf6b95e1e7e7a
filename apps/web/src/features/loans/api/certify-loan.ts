import type { CertificationResult } from '@coop/shared/loans';
import type { SuccessResponse } from '@coop/shared/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterLoanChange } from './loan-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: certifyLoan,
    onSuccess: () => refreshAfterLoanChange(queryClient),
  });
}
