import type { DeductionMonth, DeductionMonthListResponse } from '@coop/shared/deductions';
import type { Pagination } from '@coop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { deductionKeys } from './deduction-keys';

/** A posted month with the list kit's row id: the month itself, one row per month. */
export type DeductionMonthRow = DeductionMonth & { id: string };

/** GET /users/deductions/months: one page of the member's posted payroll months, newest first. */
export function getDeductionMonths(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<DeductionMonthListResponse> {
  return api.get<DeductionMonthListResponse>('/users/deductions/months', { params: query, signal });
}

export const deductionMonthsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: deductionKeys.months(query),
    queryFn: ({ signal }) => getDeductionMonths(query, signal),
    placeholderData: keepPreviousData,
    select: (page): { data: DeductionMonthRow[]; pagination: Pagination } => ({
      ...page,
      data: page.data.map((month) => ({ ...month, id: month.month })),
    }),
  });

export function useDeductionMonths(query: QueryParams) {
  return useQuery(deductionMonthsQueryOptions(query));
}
