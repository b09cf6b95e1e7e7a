import type { DepositInstructionsResponse } from '@coop/shared/deposit-notices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { depositNoticeKeys } from './deposit-notice-keys';

/** GET /users/deposit-notices/instructions: where the member transfers money to. */
export function getDepositInstructions(signal?: AbortSignal): Promise<DepositInstructionsResponse> {
  return api.get<DepositInstructionsResponse>('/users/deposit-notices/instructions', { signal });
}

export const depositInstructionsQueryOptions = () =>
  queryOptions({
    queryKey: depositNoticeKeys.instructions(),
    queryFn: ({ signal }) => getDepositInstructions(signal),
  });

export function useDepositInstructions() {
  return useQuery(depositInstructionsQueryOptions());
}
