import type { SortOrder } from '@coop/shared/http';
import type { FilterDefinition } from './list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from './use-list-params';

/**
 * A back-office list's config (docs/decisions/128-list-pages-route-owns-state.md): 25 rows a page
 * of `BACK_OFFICE_PAGE_SIZES`, sorted by the first of its sort fields until the officer picks
 * another, in `sortOrder` (oldest first for a queue of requests, newest first for a record).
 */
export function backOfficeListConfig<SortField extends string>(
  sortFields: readonly [SortField, ...SortField[]],
  sortOrder: SortOrder,
  filters: readonly FilterDefinition[],
): ListParamsConfig<SortField> {
  return {
    defaults: { limit: 25, sortBy: sortFields[0], sortOrder },
    sortFields,
    pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
    filters,
  };
}
