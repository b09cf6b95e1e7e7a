import type {
  AdminCreateMemberInput,
  AdminEndSessionsResponse,
  AdminMemberDetailResponse,
  AdminMemberFlagsInput,
  AdminMemberListResponse,
  AdminMemberResponse,
  AdminUpdateMemberInput,
} from '@coop/shared/members';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

const memberPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/**
 * GET /admin/users (docs/member-portal.md §7): 50 a page, by first name; search, status, flags,
 * joined date.
 */
export const membersQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: adminKeys.members(query),
    queryFn: ({ signal }) =>
      api.get<AdminMemberListResponse>('/admin/users', { params: query, signal }),
    placeholderData: keepPreviousData,
  });

export function useMembers(query: QueryParams) {
  return useQuery(membersQueryOptions(query));
}

/** GET /admin/users/{id}/record: the member's page. */
export function useMemberRecord(id: string) {
  return useQuery({
    queryKey: adminKeys.member(id),
    queryFn: ({ signal }) =>
      api.get<AdminMemberDetailResponse>(`${memberPath(id)}/record`, { signal }),
  });
}

function useAdminMutation<Input>(run: (input: Input) => Promise<AdminMemberResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useCreateMember = () =>
  useAdminMutation((input: { values: AdminCreateMemberInput; key: string }) =>
    api.post<AdminMemberResponse>('/admin/users', input.values, { idempotencyKey: input.key }),
  );

export const useUpdateMember = () =>
  useAdminMutation((input: { id: string; values: AdminUpdateMemberInput }) =>
    api.put<AdminMemberResponse>(memberPath(input.id), input.values),
  );

export const useSetMemberFlags = () =>
  useAdminMutation((input: { id: string; values: AdminMemberFlagsInput }) =>
    api.put<AdminMemberResponse>(`${memberPath(input.id)}/flags`, input.values),
  );

export const useMemberAction = () =>
  useAdminMutation(
    (input: { id: string; action: 'suspend' | 'reactivate' | 'resend-activation' }) =>
      api.post<AdminMemberResponse>(`${memberPath(input.id)}/${input.action}`),
  );

/**
 * POST /admin/users/{id}/sessions/end: every sign-in of the member ends (decision 082). One
 * Idempotency-Key per confirmation, kept across retries of it.
 */
export function useEndMemberSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; key: string }) =>
      api.post<AdminEndSessionsResponse>(`${memberPath(input.id)}/sessions/end`, undefined, {
        idempotencyKey: input.key,
      }),
    // The member's record lists the audit trail, which now has the new row.
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.member(input.id) }),
  });
}
