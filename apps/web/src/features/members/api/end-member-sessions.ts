import type { AdminEndSessionsResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

/** The Idempotency-Key: one per confirmation, kept across its retries. */
export type EndMemberSessionsInput = { id: string; idempotencyKey: string };

/** POST /admin/users/{id}/sessions/end: every sign-in of the member ends (decision 082). */
export function endMemberSessions({
  id,
  idempotencyKey,
}: EndMemberSessionsInput): Promise<AdminEndSessionsResponse> {
  return api.post<AdminEndSessionsResponse>(`${memberPath(id)}/sessions/end`, undefined, {
    idempotencyKey,
  });
}

export function useEndMemberSessions() {
  // The member's record lists the audit trail, which now has the new row.
  return useOfficerMutation(endMemberSessions);
}
