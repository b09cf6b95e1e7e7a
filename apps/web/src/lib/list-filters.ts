/**
 * The filters of a list (docs/decisions/012-web-list-kit.md): what a list offers, and
 * the values a member chose. The filter panel, the mobile search dialog and the URL state
 * (`use-list-params.ts`) all read these definitions, so a list declares its filters once.
 */

export type FilterType = 'text' | 'select' | 'month' | 'date' | 'dateRange' | 'number';

export type FilterOption = { value: string; label: string };

/** A date range; both ends are 'yyyy-MM-dd' and inclusive, either may be open. */
export type DateRangeValue = { start?: string | undefined; end?: string | undefined };

export type FilterValue = string | DateRangeValue | undefined;

/** The chosen values, by filter key. A key that is absent (or undefined) is not filtered on. */
export type FilterValues = Readonly<Record<string, FilterValue>>;

type FilterDefinitionBase = {
  /** The value's key, and its query and URL parameter. */
  key: string;
  label: string;
  /** Defaults: 'Select {label}' for a select, 'Pick a date' for a date. */
  placeholder?: string;
  /** How an active value reads in its chip (an amount as '₦5,000'); the value itself otherwise. */
  formatValue?: (value: string) => string;
};

export type FilterDefinition =
  | (FilterDefinitionBase & { type: 'text' | 'month' | 'date' | 'number' })
  | (FilterDefinitionBase & { type: 'select'; options: readonly FilterOption[] })
  | (FilterDefinitionBase & {
      type: 'dateRange';
      /**
       * The query parameters of the two ends; every list of docs/member-portal.md §7 calls them
       * startDate and endDate.
       */
      startKey?: string;
      endKey?: string;
    });

export const DEFAULT_RANGE_KEYS = { start: 'startDate', end: 'endDate' } as const;

export function rangeKeys(definition: FilterDefinition & { type: 'dateRange' }) {
  return {
    start: definition.startKey ?? DEFAULT_RANGE_KEYS.start,
    end: definition.endKey ?? DEFAULT_RANGE_KEYS.end,
  };
}

/**
 * A filter is active when its value is a non-empty array, a non-blank string, or any
 * other value that is neither null nor empty (an object counts when one of its fields is active,
 * so a date range with neither end chosen is not active).
 */
export function isFilterActive(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(isFilterActive);
  return true;
}

/** How many of the list's filters are active, the free-text search included. */
export function countActiveFilters(values: FilterValues, search = ''): number {
  return Object.values(values).filter(isFilterActive).length + (isFilterActive(search) ? 1 : 0);
}

/** A select filter over a closed list of values, each shown by its label. */
export function selectFilter<T extends string>(
  key: string,
  label: string,
  values: readonly T[],
  labelOf: (value: T) => string,
): FilterDefinition {
  return {
    key,
    label,
    type: 'select',
    options: values.map((value) => ({ value, label: labelOf(value) })),
  };
}

/** A yes/no select's options (a flag filter). */
export const YES_NO_OPTIONS: readonly FilterOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
