import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The fines' query keys: the member's under `all`; the officers' list under the back office's
 * root (docs/decisions/127).
 */
export const fineKeys = {
  all: ['fines'] as const,
  list: (query: QueryParams) => [...fineKeys.all, 'list', query] as const,
  officerList: (query: QueryParams) => [...officerKeys.all, 'fines', 'list', query] as const,
};
