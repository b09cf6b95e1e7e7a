import type { StatementResponse } from '@coop/shared/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { transactionKeys } from './transaction-keys';

type Period = { startDate: string; endDate: string };

/** GET /users/statement: a period's balances and movements. */
export function getStatement(period: Period, signal?: AbortSignal): Promise<StatementResponse> {
  return api.get<StatementResponse>('/users/statement', { params: period, signal });
}

export const statementQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: transactionKeys.statement(period.startDate, period.endDate),
    queryFn: ({ signal }) => getStatement(period, signal),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked until the member has chosen a period. */
export function useStatement(period: Period | null) {
  return useQuery({
    ...statementQueryOptions(period ?? { startDate: '', endDate: '' }),
    enabled: period !== null,
  });
}
