import { FilterPanel } from '../../../components/list/filter-panel';
import { ListSearchDialog } from '../../../components/list/list-search-dialog';
import type { ListParams } from '../../../lib/use-list-params';
import {
  CONTRIBUTION_FILTERS,
  CONTRIBUTION_MOBILE_FILTERS,
  CONTRIBUTION_SEARCH,
  type ContributionSortField,
} from './contribution-list-config';

/**
 * docs/member-portal.md §2: the filter panel from 768 px up, the search dialog below. Both are in
 * the page and CSS shows one, so the right one is there on the first paint.
 */
export function ContributionFilters({ list }: { list: ListParams<ContributionSortField> }) {
  return (
    <>
      <FilterPanel
        className="hidden md:block"
        filters={CONTRIBUTION_FILTERS}
        values={list.filters}
        onFilterChange={list.setFilter}
        search={{ ...CONTRIBUTION_SEARCH, value: list.search, onChange: list.setSearch }}
        onReset={list.reset}
      />
      <ListSearchDialog
        className="md:hidden"
        title="Search contributions"
        description="Find contributions by month, amount or status."
        filters={CONTRIBUTION_MOBILE_FILTERS}
        values={list.filters}
        search={{ ...CONTRIBUTION_SEARCH, value: list.search }}
        onApply={list.applyFilters}
        onReset={list.reset}
      />
    </>
  );
}
