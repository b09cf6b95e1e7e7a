import type { StatementResponse, TransactionListResponse } from '@coop/shared/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadedFile, QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: QueryParams) => [...transactionKeys.all, 'list', query] as const,
  statement: (startDate: string, endDate: string) =>
    [...transactionKeys.all, 'statement', startDate, endDate] as const,
};

/** GET /users/transactions: one page of the member's movements with running balances. */
export function getTransactions(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<TransactionListResponse> {
  return api.get<TransactionListResponse>('/users/transactions', { params: query, signal });
}

export function useTransactions(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: transactionKeys.list(query),
      queryFn: ({ signal }) => getTransactions(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /users/statement: a period's balances and movements. */
export function getStatement(
  period: { startDate: string; endDate: string },
  signal?: AbortSignal,
): Promise<StatementResponse> {
  return api.get<StatementResponse>('/users/statement', { params: period, signal });
}

export function useStatement(period: { startDate: string; endDate: string } | null) {
  return useQuery({
    queryKey: transactionKeys.statement(period?.startDate ?? '', period?.endDate ?? ''),
    queryFn: ({ signal }) => getStatement(period ?? { startDate: '', endDate: '' }, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /users/statement/download: the period as a CSV or PDF file. */
export function downloadStatement(period: {
  startDate: string;
  endDate: string;
  format: 'csv' | 'pdf';
}): Promise<DownloadedFile> {
  return api.download('/users/statement/download', { params: period });
}

/** GET /users/export/data: everything the portal holds about the member. */
export function downloadDataExport(format: 'json' | 'csv'): Promise<DownloadedFile> {
  return api.download('/users/export/data', { params: { format } });
}
