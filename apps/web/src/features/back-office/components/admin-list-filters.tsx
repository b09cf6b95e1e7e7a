import { FilterPanel } from '../../../components/list/filter-panel';
import { ListSearchDialog } from '../../../components/list/list-search-dialog';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParams } from '../../../lib/use-list-params';

type AdminListFiltersProps<SortField extends string> = {
  list: ListParams<SortField>;
  filters: readonly FilterDefinition[];
  title: string;
  description: string;
  search?: { label: string; placeholder: string };
};

/**
 * The list kit's filters for a back-office page: the panel from 768 px up, the search dialog
 * below, both in the page so CSS shows the right one on the first paint (decision 012).
 */
export function AdminListFilters<SortField extends string>({
  list,
  filters,
  title,
  description,
  search,
}: AdminListFiltersProps<SortField>) {
  return (
    <>
      <FilterPanel
        className="hidden md:block"
        filters={filters}
        values={list.filters}
        onFilterChange={list.setFilter}
        {...(search ? { search: { ...search, value: list.search, onChange: list.setSearch } } : {})}
        onReset={list.reset}
      />
      <ListSearchDialog
        className="md:hidden"
        title={title}
        description={description}
        filters={filters}
        values={list.filters}
        {...(search ? { search: { ...search, value: list.search } } : {})}
        onApply={list.applyFilters}
        onReset={list.reset}
      />
    </>
  );
}
