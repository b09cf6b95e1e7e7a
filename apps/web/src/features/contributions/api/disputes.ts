import type {
  DisputeListResponse,
  DisputeResponse,
  ResolveDisputeInput,
} from '@coop/shared/contributions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

/** GET /admin/contributions/disputes */
export function useDisputes(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.disputes(query),
    queryFn: ({ signal }) =>
      api.get<DisputeListResponse>('/admin/contributions/disputes', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/contributions/{id}/resolve */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, key }: { id: string; values: ResolveDisputeInput; key: string }) =>
      api.post<DisputeResponse>(`/admin/contributions/${encodeURIComponent(id)}/resolve`, values, {
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
