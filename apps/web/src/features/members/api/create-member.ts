import type { AdminCreateMemberInput, AdminMemberResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per dialog opening, kept across retries of its submission. */
export type CreateMemberInput = { values: AdminCreateMemberInput; idempotencyKey: string };

/** POST /admin/users: a new member, sent an activation email. */
export function createMember({
  values,
  idempotencyKey,
}: CreateMemberInput): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>('/admin/users', values, { idempotencyKey });
}

export function useCreateMember() {
  return useOfficerMutation(createMember);
}
