import type { QueryParams } from '../../../lib/api-client';

/** The member's movements and statements: read-only, refreshed by nothing but their own queries. */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: QueryParams) => [...transactionKeys.all, 'list', query] as const,
  statement: (startDate: string, endDate: string) =>
    [...transactionKeys.all, 'statement', startDate, endDate] as const,
};
