import type {
  AdminDepositNoticeListResponse,
  AdminDepositNoticeResponse,
  AdminFineListResponse,
  AdminFineResponse,
  AdminIssueFinesInput,
  AdminIssueFinesResponse,
  AdminMarkFinePaidInput,
  AdminWithdrawalListResponse,
  AdminWithdrawalResponse,
} from '@coop/shared/admin-money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminKeys } from './admin-keys';

const at = (base: string, id: string, action: string) =>
  `${base}/${encodeURIComponent(id)}/${action}`;

/** A back-office write: sent with its Idempotency-Key; every admin list refreshes after. */
function useAdminWrite<Variables extends { key: string }, Answer>(
  send: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

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
    api.post<AdminWithdrawalResponse>(at('/admin/withdrawals', id, 'approve'), undefined, {
      idempotencyKey: key,
    }),
  );

/** POST /admin/withdrawals/{id}/reject */
export const useRejectWithdrawal = () =>
  useAdminWrite(({ id, reason, key }: { id: string; reason: string; key: string }) =>
    api.post<AdminWithdrawalResponse>(
      at('/admin/withdrawals', id, 'reject'),
      { reason },
      { idempotencyKey: key },
    ),
  );

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
    api.post<AdminDepositNoticeResponse>(at('/admin/deposit-notices', id, 'verify'), undefined, {
      idempotencyKey: key,
    }),
  );

/** POST /admin/deposit-notices/{id}/reject */
export const useRejectDepositNotice = () =>
  useAdminWrite(({ id, reason, key }: { id: string; reason: string; key: string }) =>
    api.post<AdminDepositNoticeResponse>(
      at('/admin/deposit-notices', id, 'reject'),
      { reason },
      { idempotencyKey: key },
    ),
  );

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
    api.post<AdminFineResponse>(at('/admin/fines', id, 'waive'), { note }, { idempotencyKey: key }),
  );

/** POST /admin/fines/{id}/pay */
export const useMarkFinePaid = () =>
  useAdminWrite(
    ({ id, values, key }: { id: string; values: AdminMarkFinePaidInput; key: string }) =>
      api.post<AdminFineResponse>(at('/admin/fines', id, 'pay'), values, { idempotencyKey: key }),
  );
