import type { AdminFineResponse, AdminMarkFinePaidInput } from '@coop/shared/fines';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type MarkFinePaidInput = {
  id: string;
  values: AdminMarkFinePaidInput;
  idempotencyKey: string;
};

/** POST /admin/fines/{id}/pay: the fine is paid from what the officer chose. */
export function markFinePaid({
  id,
  values,
  idempotencyKey,
}: MarkFinePaidInput): Promise<AdminFineResponse> {
  return api.post<AdminFineResponse>(`/admin/fines/${encodeURIComponent(id)}/pay`, values, {
    idempotencyKey,
  });
}

export function useMarkFinePaid() {
  return useOfficerMutation(markFinePaid);
}
