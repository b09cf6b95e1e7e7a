import type {
  AdminWithdrawalListResponse,
  AdminWithdrawalResponse,
} from '@coop/shared/withdrawals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminActionPath, adminKeys, useAdminWrite } from '../../../lib/admin-keys';

/** GET /admin/withdrawals */
export function useAdminWithdrawals(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.withdrawals(query),
    queryFn: ({ signal }) =>
      api.get<AdminWithdrawalListResponse>('/admin/withdrawals', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/withdrawals/{id}/approve */
export const useApproveWithdrawal = () =>
  useAdminWrite(({ id, key }: { id: string; key: string }) =>
    api.post<AdminWithdrawalResponse>(
      adminActionPath('/admin/withdrawals', id, 'approve'),
      undefined,
      {
        idempotencyKey: key,
      },
    ),
  );

/** POST /admin/withdrawals/{id}/reject */
export const useRejectWithdrawal = () =>
  useAdminWrite(({ id, reason, key }: { id: string; reason: string; key: string }) =>
    api.post<AdminWithdrawalResponse>(
      adminActionPath('/admin/withdrawals', id, 'reject'),
      { reason },
      { idempotencyKey: key },
    ),
  );
