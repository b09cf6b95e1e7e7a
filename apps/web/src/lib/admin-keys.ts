import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from './api-client';
import { officerKeys } from './shared-query-keys';

/** The back office's query keys: every admin write refreshes everything under `all`. */
export const adminKeys = {
  all: officerKeys.all,
  overview: () => [...adminKeys.all, 'overview'] as const,
  members: officerKeys.members,
  member: (id: string) => [...adminKeys.all, 'member', id] as const,
  disputes: (query: QueryParams) => [...adminKeys.all, 'disputes', query] as const,
  audit: (query: QueryParams) => [...adminKeys.all, 'audit', query] as const,
  reconciliation: (query: QueryParams) => [...adminKeys.all, 'reconciliation', query] as const,
  dividendDeclarations: () => [...adminKeys.all, 'dividend-declarations'] as const,
  policy: () => [...adminKeys.all, 'policy'] as const,
  withdrawals: (query: QueryParams) => [...adminKeys.all, 'withdrawals', query] as const,
  depositNotices: (query: QueryParams) => [...adminKeys.all, 'deposit-notices', query] as const,
  fines: (query: QueryParams) => [...adminKeys.all, 'fines', query] as const,
  proposals: (status: 'pending' | 'decided') => [...adminKeys.all, 'proposals', status] as const,
};

/** A fresh Idempotency-Key: one per thing the administrator asked for, kept across its retries. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** An officer's action on one record, e.g. `/admin/withdrawals/{id}/approve`. */
export const adminActionPath = (base: string, id: string, action: string) =>
  `${base}/${encodeURIComponent(id)}/${action}`;

/** A back-office write: sent with its Idempotency-Key; every admin list refreshes after. */
export function useAdminWrite<Variables extends { key: string }, Answer>(
  send: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
