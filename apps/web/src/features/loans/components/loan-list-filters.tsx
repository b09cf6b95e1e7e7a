import { FilterPanel } from '../../../components/list/filter-panel';
import { ListSearchDialog } from '../../../components/list/list-search-dialog';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 My Loans and Guarantor Requests: the filter panel from 768 px up, the
 * search dialog below (as on Contributions). Both are in the page and CSS shows one.
 */
export function LoanListFilters<SortField extends string>(props: {
  list: ListParams<SortField>;
  filters: readonly FilterDefinition[];
  search: { label: string; placeholder: string };
  dialogTitle: string;
  dialogDescription: string;
}) {
  const { list } = props;
  return (
    <>
      <FilterPanel
        className="hidden md:block"
        filters={props.filters}
        values={list.filters}
        onFilterChange={list.setFilter}
        search={{ ...props.search, value: list.search, onChange: list.setSearch }}
        onReset={list.reset}
      />
      <ListSearchDialog
        className="md:hidden"
        title={props.dialogTitle}
        description={props.dialogDescription}
        filters={props.filters}
        values={list.filters}
        search={{ ...props.search, value: list.search }}
        onApply={list.applyFilters}
        onReset={list.reset}
      />
    </>
  );
}
