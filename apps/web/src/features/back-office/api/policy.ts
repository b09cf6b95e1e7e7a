import type { Policy, PolicyResponse } from '@coop/shared/policy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

/** GET /admin/policy */
export function usePolicy() {
  return useQuery({
    queryKey: adminKeys.policy(),
    queryFn: ({ signal }) => api.get<PolicyResponse>('/admin/policy', { signal }),
  });
}

/** PUT /admin/policy: the whole policy. */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policy, key }: { policy: Policy; key: string }) =>
      api.put<PolicyResponse>('/admin/policy', policy, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
