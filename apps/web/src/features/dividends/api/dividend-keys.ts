import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The dividends' query keys: the member's under `all`; the officers' declarations under the back
 * office's root (docs/decisions/127).
 */
export const dividendKeys = {
  all: ['dividends'] as const,
  list: (query: QueryParams) => [...dividendKeys.all, 'list', query] as const,
  officerDeclarations: () => [...officerKeys.all, 'dividends', 'declarations'] as const,
};
