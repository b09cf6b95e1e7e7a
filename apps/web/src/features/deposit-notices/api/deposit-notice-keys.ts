import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The deposit notices' query keys: the member's under `all`, so a new notice refreshes them
 * together; the officers' queue under the back office's root (docs/decisions/127).
 */
export const depositNoticeKeys = {
  all: ['deposit-notices'] as const,
  instructions: () => [...depositNoticeKeys.all, 'instructions'] as const,
  list: (query: QueryParams) => [...depositNoticeKeys.all, 'list', query] as const,
  officerList: (query: QueryParams) =>
    [...officerKeys.all, 'deposit-notices', 'list', query] as const,
};
