import type { ListResponse } from '@coop/shared/http';
import type { LoginEvent } from '@coop/shared/security';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { securityKeys, type LoginHistoryPageParams } from './security-keys';

/** GET /users/login-history: one page of the member's last 50 sign-in events, newest first. */
export function getLoginHistory(
  { page, limit }: LoginHistoryPageParams,
  signal?: AbortSignal,
): Promise<ListResponse<LoginEvent>> {
  return api.get<ListResponse<LoginEvent>>('/users/login-history', {
    params: { page, limit },
    signal,
  });
}

export const loginHistoryQueryOptions = (params: LoginHistoryPageParams) =>
  queryOptions({
    queryKey: securityKeys.loginHistoryPage(params),
    queryFn: ({ signal }) => getLoginHistory(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useLoginHistory(params: LoginHistoryPageParams) {
  return useQuery(loginHistoryQueryOptions(params));
}
