import type { AdminCreateMemberInput, AdminMemberResponse } from '@coop/shared/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
