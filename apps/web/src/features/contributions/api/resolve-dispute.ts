import type { DisputeResponse, ResolveDisputeInput } from '@coop/shared/contributions';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per dialog opening, kept across retries of its submission. */
export type ResolveDisputeVariables = {
  id: string;
  values: ResolveDisputeInput;
  idempotencyKey: string;
};

/** POST /admin/contributions/{id}/resolve: the officer's ruling, with corrected amounts if any. */
export function resolveDispute({
  id,
  values,
  idempotencyKey,
}: ResolveDisputeVariables): Promise<DisputeResponse> {
  return api.post<DisputeResponse>(
    `/admin/contributions/${encodeURIComponent(id)}/resolve`,
    values,
    { idempotencyKey },
  );
}

export function useResolveDispute() {
  return useOfficerMutation(resolveDispute);
}
