import type { FilterDefinition } from '../../lib/list-filters';
import type { ListParams } from '../../lib/use-list-params';
import { useIsDesktop } from '../../lib/viewport';
import { FilterPanel } from './filter-panel';
import { ListSearchDialog } from './list-search-dialog';

export type ListFiltersProps<SortField extends string> = {
  list: ListParams<SortField>;
  filters: readonly FilterDefinition[];
  /** The search dialog's filters on phones, when they differ from the panel's. */
  phoneFilters?: readonly FilterDefinition[];
  /** The search dialog's title and description (phones). */
  title: string;
  description: string;
  search?: { label: string; placeholder: string };
  /** The words of the button that opens the search dialog on phones, when not the dialog's own. */
  triggerLabel?: string;
};

/**
 * A list's filters: the panel from 768 px up, the search dialog below
 * (docs/decisions/012-web-list-kit.md). Only the one for the window's width is rendered
 * (docs/decisions/158-one-layout-per-viewport.md); the filters live in the URL, so a resize
 * across 768 px swaps one for the other with the same values.
 */
export function ListFilters<SortField extends string>({
  list,
  filters,
  phoneFilters = filters,
  title,
  description,
  search,
  triggerLabel,
}: ListFiltersProps<SortField>) {
  const desktop = useIsDesktop();
  return desktop ? (
    <FilterPanel
      filters={filters}
      values={list.filters}
      onFilterChange={list.setFilter}
      {...(search ? { search: { ...search, value: list.search, onChange: list.setSearch } } : {})}
      onReset={list.reset}
    />
  ) : (
    <ListSearchDialog
      title={title}
      description={description}
      filters={phoneFilters}
      values={list.filters}
      {...(search ? { search: { ...search, value: list.search } } : {})}
      onApply={list.applyFilters}
      onReset={list.reset}
      triggerLabel={triggerLabel}
    />
  );
}
