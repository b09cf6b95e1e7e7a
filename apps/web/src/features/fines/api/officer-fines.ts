import type {
  AdminFineListResponse,
  AdminFineResponse,
  AdminIssueFinesInput,
  AdminIssueFinesResponse,
  AdminMarkFinePaidInput,
} from '@coop/shared/fines';
import type { AdminMemberListResponse } from '@coop/shared/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminActionPath, adminKeys, useAdminWrite } from '../../../lib/admin-keys';

/** GET /admin/fines */
export function useAdminFines(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.fines(query),
    queryFn: ({ signal }) =>
      api.get<AdminFineListResponse>('/admin/fines', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/fines: one fine each to one or many members. */
export const useIssueFines = () =>
  useAdminWrite(({ values, key }: { values: AdminIssueFinesInput; key: string }) =>
    api.post<AdminIssueFinesResponse>('/admin/fines', values, { idempotencyKey: key }),
  );

/** POST /admin/fines/{id}/waive */
export const useWaiveFine = () =>
  useAdminWrite(({ id, note, key }: { id: string; note: string; key: string }) =>
    api.post<AdminFineResponse>(
      adminActionPath('/admin/fines', id, 'waive'),
      { note },
      { idempotencyKey: key },
    ),
  );

/** POST /admin/fines/{id}/pay */
export const useMarkFinePaid = () =>
  useAdminWrite(
    ({ id, values, key }: { id: string; values: AdminMarkFinePaidInput; key: string }) =>
      api.post<AdminFineResponse>(adminActionPath('/admin/fines', id, 'pay'), values, {
        idempotencyKey: key,
      }),
  );

/**
 * GET /admin/users: the active members an officer picks to fine, by name or membership ID. The
 * members list's own query key, so a search made there is not fetched again.
 */
export function useMembersToFine(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.members(query),
    queryFn: ({ signal }) =>
      api.get<AdminMemberListResponse>('/admin/users', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
