import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';

/**
 * The member's payroll deductions' query keys, all under `all`, so a change request refreshes the
 * instruction and the months together (docs/decisions/127-web-api-files.md).
 */
export const deductionKeys = {
  all: ['deductions'] as const,
  mine: () => [...deductionKeys.all, 'mine'] as const,
  months: (query: QueryParams) => [...deductionKeys.all, 'months', query] as const,
};

/** After a request or its cancelling: the instruction, its requests and the months are stale. */
export function refreshAfterDeductionChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: deductionKeys.all });
}
