import type { AdminIssueFinesInput, AdminIssueFinesResponse } from '@coop/shared/fines';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per dialog opening, kept across retries of its submission. */
export type IssueFinesInput = { values: AdminIssueFinesInput; idempotencyKey: string };

/** POST /admin/fines: one fine each to one or many members. */
export function issueFines({
  values,
  idempotencyKey,
}: IssueFinesInput): Promise<AdminIssueFinesResponse> {
  return api.post<AdminIssueFinesResponse>('/admin/fines', values, { idempotencyKey });
}

export function useIssueFines() {
  return useOfficerMutation(issueFines);
}
