import type { MyDeductionsResponse } from '@coop/shared/deductions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deductionKeys } from './deduction-keys';

/** GET /users/deductions: the instruction in effect, its history, recent requests and the terms. */
export function getMyDeductions(signal?: AbortSignal): Promise<MyDeductionsResponse> {
  return api.get<MyDeductionsResponse>('/users/deductions', { signal });
}

export const myDeductionsQueryOptions = () =>
  queryOptions({
    queryKey: deductionKeys.mine(),
    queryFn: ({ signal }) => getMyDeductions(signal),
  });

export function useMyDeductions() {
  return useQuery(myDeductionsQueryOptions());
}
