import type { AdminLoanDetailResponse } from '@coop/shared/loans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { loanKeys, officerLoanPath } from './loan-keys';

/** GET /admin/loans/{id}: one loan's full history, for its page in the back office. */
export function getOfficerLoan(id: string, signal?: AbortSignal): Promise<AdminLoanDetailResponse> {
  return api.get<AdminLoanDetailResponse>(officerLoanPath(id), { signal });
}

export const officerLoanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: loanKeys.officerLoan(id),
    queryFn: ({ signal }) => getOfficerLoan(id, signal),
  });

export function useOfficerLoan(id: string) {
  return useQuery(officerLoanQueryOptions(id));
}
