import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The back office's own query keys (overview, approvals, audit, reconciliation, policy), all under
 * its root, so every officer's write refreshes them (docs/decisions/127).
 */
export const backOfficeKeys = {
  all: [...officerKeys.all, 'back-office'] as const,
  overview: () => [...backOfficeKeys.all, 'overview'] as const,
  proposals: (status: 'pending' | 'decided') =>
    [...backOfficeKeys.all, 'proposals', status] as const,
  audit: (query: QueryParams) => [...backOfficeKeys.all, 'audit', query] as const,
  reconciliation: (query: QueryParams) => [...backOfficeKeys.all, 'reconciliation', query] as const,
  policy: () => [...backOfficeKeys.all, 'policy'] as const,
};
