import { ChevronDown, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import {
  countActiveFilters,
  type FilterDefinition,
  type FilterValue,
  type FilterValues,
} from '../../lib/list-filters';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { FilterChips } from './filter-chips';
import { FilterField } from './filter-field';

/** Typing in the panel reaches the list after this pause, so a word costs one request. */
const TYPING_DEBOUNCE_MS = 300;

export type ListSearch = {
  value: string;
  onChange: (value: string) => void;
  /** Defaults to 'Search'. */
  label?: string;
  placeholder?: string;
};

type FilterPanelProps = {
  filters: readonly FilterDefinition[];
  values: FilterValues;
  onFilterChange: (key: string, value: FilterValue) => void;
  /** The list's free-text search, shown as the panel's first field. */
  search?: ListSearch;
  /** Clears every filter and the search. */
  onReset: () => void;
};

const SEARCH_KEY = 'search';

/**
 * docs/member-portal.md §2 "Reusable filter panel" and §4 "Filter panel": collapsed by default,
 * opened by itself while a filter is active; the active ones as removable chips, a count, and
 * Reset.
 */
export function FilterPanel({
  filters,
  values,
  onFilterChange,
  search,
  onReset,
}: FilterPanelProps) {
  const headingId = useId();
  const contentId = useId();
  const activeCount = countActiveFilters(values, search?.value);
  const hasActive = activeCount > 0;
  const [expanded, setExpanded] = useState(hasActive);
  const [hadActive, setHadActive] = useState(hasActive);
  // A filter became active (a shared link, Back, a field): the member should see the panel.
  if (hasActive !== hadActive) {
    setHadActive(hasActive);
    if (hasActive) setExpanded(true);
  }

  const searchDefinition: FilterDefinition | null = search
    ? {
        key: SEARCH_KEY,
        label: search.label ?? 'Search',
        type: 'text',
        placeholder: search.placeholder,
      }
    : null;
  const chipDefinitions = searchDefinition ? [searchDefinition, ...filters] : filters;
  const chipValues = search ? { ...values, [SEARCH_KEY]: search.value } : values;
  const remove = (key: string) => {
    if (search && key === SEARCH_KEY) search.onChange('');
    else onFilterChange(key, undefined);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card">
      <div className="flex flex-wrap items-center gap-2 p-2 pl-3">
        <h2 id={headingId} className="text-base font-semibold">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={contentId}
            onClick={() => setExpanded((open) => !open)}
            className="inline-flex min-h-10 items-center gap-2 rounded-md px-1"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4 text-muted-foreground" />
            Filters
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', expanded && 'rotate-180')}
            />
          </button>
        </h2>
        {hasActive ? <Badge variant="secondary">{activeCount} active</Badge> : null}
        <Button variant="ghost" className="ml-auto" onClick={onReset} disabled={!hasActive}>
          <RotateCcw aria-hidden="true" />
          Reset
        </Button>
      </div>

      {hasActive ? (
        <div className="px-3 pb-3">
          <FilterChips definitions={chipDefinitions} values={chipValues} onRemove={remove} />
        </div>
      ) : null}

      <div
        id={contentId}
        hidden={!expanded}
        className="grid grid-cols-1 gap-4 border-t p-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {search && searchDefinition ? (
          <FilterField
            definition={searchDefinition}
            value={search.value}
            onChange={(value) => search.onChange(typeof value === 'string' ? value : '')}
            debounceMs={TYPING_DEBOUNCE_MS}
          />
        ) : null}
        {filters.map((definition) => (
          <FilterField
            key={definition.key}
            definition={definition}
            value={values[definition.key]}
            onChange={(value) => onFilterChange(definition.key, value)}
            debounceMs={TYPING_DEBOUNCE_MS}
          />
        ))}
      </div>
    </section>
  );
}
