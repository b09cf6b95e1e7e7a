import type { AdminFineResponse } from '@coop/shared/fines';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type WaiveFineInput = { id: string; note: string; idempotencyKey: string };

/** POST /admin/fines/{id}/waive: the fine is cancelled with the officer's note. */
export function waiveFine({
  id,
  note,
  idempotencyKey,
}: WaiveFineInput): Promise<AdminFineResponse> {
  return api.post<AdminFineResponse>(
    `/admin/fines/${encodeURIComponent(id)}/waive`,
    { note },
    { idempotencyKey },
  );
}

export function useWaiveFine() {
  return useOfficerMutation(waiveFine);
}
