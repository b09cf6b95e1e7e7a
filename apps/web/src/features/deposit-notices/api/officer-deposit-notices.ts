import type {
  AdminDepositNoticeListResponse,
  AdminDepositNoticeResponse,
} from '@coop/shared/deposit-notices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminActionPath, adminKeys, useAdminWrite } from '../../../lib/admin-keys';

/** GET /admin/deposit-notices */
export function useAdminDepositNotices(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.depositNotices(query),
    queryFn: ({ signal }) =>
      api.get<AdminDepositNoticeListResponse>('/admin/deposit-notices', {
        params: query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/deposit-notices/{id}/verify */
export const useVerifyDepositNotice = () =>
  useAdminWrite(({ id, key }: { id: string; key: string }) =>
    api.post<AdminDepositNoticeResponse>(
      adminActionPath('/admin/deposit-notices', id, 'verify'),
      undefined,
      {
        idempotencyKey: key,
      },
    ),
  );

/** POST /admin/deposit-notices/{id}/reject */
export const useRejectDepositNotice = () =>
  useAdminWrite(({ id, reason, key }: { id: string; reason: string; key: string }) =>
    api.post<AdminDepositNoticeResponse>(
      adminActionPath('/admin/deposit-notices', id, 'reject'),
      { reason },
      { idempotencyKey: key },
    ),
  );
