import type { SortOrder } from '@coop/shared/http';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryParams } from './api-client';
import { isIsoDate, isIsoMonth } from '@coop/shared/dates';
import {
  isFilterActive,
  rangeKeys,
  type DateRangeValue,
  type FilterDefinition,
  type FilterValue,
  type FilterValues,
} from './list-filters';

/**
 * A list's state (page, page size, sort, filters, free-text search) kept in the URL's search
 * parameters, so a reload, Back and a shared link all show the same list. Defaults are left out of
 * the URL; anything unreadable in it falls back to the default rather than breaking the page.
 */

export type ListParamsConfig<SortField extends string> = {
  defaults: { limit: number; sortBy: NoInfer<SortField>; sortOrder: SortOrder };
  sortFields: readonly SortField[];
  pageSizeOptions: readonly number[];
  filters: readonly FilterDefinition[];
};

/** The back office's list page sizes (the members list has its own). */
export const BACK_OFFICE_PAGE_SIZES = [10, 25, 50, 100];

export type ListState<SortField extends string> = {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortOrder;
  search: string;
  filters: FilterValues;
};

export type FilterChanges = { search?: string; filters?: FilterValues };

const PAGE = 'page';
const LIMIT = 'limit';
const SORT_BY = 'sortBy';
const SORT_ORDER = 'sortOrder';
const SEARCH = 'search';

function positiveInteger(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** The value a URL parameter holds for a filter of this type, or undefined when it is unusable. */
function readValue(definition: FilterDefinition, raw: string | null): string | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  switch (definition.type) {
    case 'select':
      return definition.options.some((option) => option.value === raw) ? raw : undefined;
    case 'month':
      return isIsoMonth(raw) ? raw : undefined;
    case 'date':
    case 'dateRange':
      return isIsoDate(raw) ? raw : undefined;
    case 'number':
      return Number.isFinite(Number(raw)) ? raw : undefined;
    case 'text':
      return raw;
  }
}

export function readListState<SortField extends string>(
  params: URLSearchParams,
  config: ListParamsConfig<SortField>,
): ListState<SortField> {
  const { defaults } = config;
  const limit = positiveInteger(params.get(LIMIT));
  const sortBy = params.get(SORT_BY);
  const sortOrder = params.get(SORT_ORDER);
  const filters: Record<string, FilterValue> = {};
  for (const definition of config.filters) {
    if (definition.type === 'dateRange') {
      const keys = rangeKeys(definition);
      const range: DateRangeValue = {
        start: readValue(definition, params.get(keys.start)),
        end: readValue(definition, params.get(keys.end)),
      };
      if (isFilterActive(range)) filters[definition.key] = range;
    } else {
      const value = readValue(definition, params.get(definition.key));
      if (value !== undefined) filters[definition.key] = value;
    }
  }
  return {
    page: positiveInteger(params.get(PAGE)) ?? 1,
    limit: limit !== null && config.pageSizeOptions.includes(limit) ? limit : defaults.limit,
    sortBy: config.sortFields.find((field) => field === sortBy) ?? defaults.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : defaults.sortOrder,
    search: params.get(SEARCH) ?? '',
    filters,
  };
}

/** Writes the state into `params` (other parameters are kept), leaving defaults out. */
function writeListState<SortField extends string>(
  params: URLSearchParams,
  state: ListState<SortField>,
  config: ListParamsConfig<SortField>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | undefined, fallback?: string) => {
    if (value === undefined || value.trim() === '' || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  put(PAGE, String(state.page), '1');
  put(LIMIT, String(state.limit), String(config.defaults.limit));
  put(SORT_BY, state.sortBy, config.defaults.sortBy);
  put(SORT_ORDER, state.sortOrder, config.defaults.sortOrder);
  put(SEARCH, state.search);
  for (const definition of config.filters) {
    const value = state.filters[definition.key];
    if (definition.type === 'dateRange') {
      const keys = rangeKeys(definition);
      const range = typeof value === 'object' ? value : undefined;
      put(keys.start, range?.start);
      put(keys.end, range?.end);
    } else {
      put(definition.key, typeof value === 'string' ? value : undefined);
    }
  }
  return next;
}

/**
 * The query to send: page, limit, sort, and the search and each filter that is set (a date range
 * as its two keys, a number as a number). The API client also leaves out the 'all' status and
 * trims strings (docs/member-portal.md §5 "List filters").
 */
export function toListQuery<SortField extends string>(
  state: ListState<SortField>,
  definitions: readonly FilterDefinition[],
): QueryParams {
  const query: Record<string, string | number> = {
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined && isFilterActive(value)) query[key] = value;
  };
  put(SEARCH, state.search);
  for (const definition of definitions) {
    const value = state.filters[definition.key];
    if (definition.type === 'dateRange') {
      const keys = rangeKeys(definition);
      const range = typeof value === 'object' ? value : undefined;
      put(keys.start, range?.start);
      put(keys.end, range?.end);
    } else if (typeof value === 'string' && isFilterActive(value)) {
      query[definition.key] = definition.type === 'number' ? Number(value) : value;
    }
  }
  return query;
}

/**
 * The list state of the current URL, and the ways to change it. `config` must keep its identity
 * (a module constant), or every render would read the URL afresh.
 */
export function useListParams<SortField extends string>(config: ListParamsConfig<SortField>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, config), [params, config]);
  const query = useMemo(() => toListQuery(state, config.filters), [state, config.filters]);

  // The router renders a new URL later than it is asked for (navigation runs in a transition),
  // and its `params` are those of the last render. Changes made meanwhile (two fields reporting
  // at once, a select right after typing) build on the URLs already asked for, not lose them.
  const unrendered = useRef<string[]>([]);
  useEffect(() => {
    const index = unrendered.current.indexOf(params.toString());
    unrendered.current = index >= 0 ? unrendered.current.slice(index + 1) : [];
  }, [params]);

  const update = useCallback(
    (
      change: (current: ListState<SortField>) => ListState<SortField>,
      { replace = false }: { replace?: boolean } = {},
    ) => {
      const base = new URLSearchParams(unrendered.current.at(-1) ?? params);
      const next = writeListState(base, change(readListState(base, config)), config);
      unrendered.current.push(next.toString());
      setParams(next, { replace });
    },
    [params, setParams, config],
  );

  const setPage = useCallback(
    (page: number) => update((current) => ({ ...current, page })),
    [update],
  );
  /**
   * A page past the end (an old link, rows confirmed away) becomes the last page, replacing the
   * history entry so Back does not return to the empty page.
   */
  const keepPageInRange = useCallback(
    (totalPages: number) =>
      update(
        (current) =>
          current.page > totalPages ? { ...current, page: Math.max(1, totalPages) } : current,
        { replace: true },
      ),
    [update],
  );
  /** A new page size starts again at page 1: the old page number means other rows now. */
  const setPageSize = useCallback(
    (limit: number) => update((current) => ({ ...current, limit, page: 1 })),
    [update],
  );
  const setSort = useCallback(
    (sortBy: SortField, sortOrder: SortOrder) =>
      update((current) => ({ ...current, sortBy, sortOrder, page: 1 })),
    [update],
  );
  /** Any filter change starts again at page 1 (docs/decisions/012-web-list-kit.md). */
  const applyFilters = useCallback(
    ({ search, filters }: FilterChanges, options: { replace?: boolean } = {}) =>
      update(
        (current) => ({
          ...current,
          page: 1,
          search: search ?? current.search,
          filters: { ...current.filters, ...filters },
        }),
        options,
      ),
    [update],
  );
  const setFilter = useCallback(
    (key: string, value: FilterValue) => applyFilters({ filters: { [key]: value } }),
    [applyFilters],
  );
  const setSearch = useCallback((search: string) => applyFilters({ search }), [applyFilters]);
  /** Back to the list's defaults: no filters, no search, first page, default size and sort. */
  const reset = useCallback(
    () =>
      update(() => ({
        ...config.defaults,
        page: 1,
        search: '',
        filters: {},
      })),
    [update, config.defaults],
  );

  return {
    ...state,
    query,
    setPage,
    keepPageInRange,
    setPageSize,
    setSort,
    setSearch,
    setFilter,
    applyFilters,
    reset,
  };
}

export type ListParams<SortField extends string = string> = ReturnType<
  typeof useListParams<SortField>
>;

/**
 * A page past the list's end (an old link, the last row on it gone) moves back to the last page.
 * Only the current query's own answer says how many pages there are, not the previous page kept
 * on screen while the next one loads.
 */
export function usePageInRange(
  { page, keepPageInRange }: { page: number; keepPageInRange: (totalPages: number) => void },
  query: { isPlaceholderData: boolean; data?: { pagination: { totalPages: number } } | undefined },
) {
  const totalPages = query.isPlaceholderData ? undefined : query.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) keepPageInRange(totalPages);
  }, [page, totalPages, keepPageInRange]);
}
