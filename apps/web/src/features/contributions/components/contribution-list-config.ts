import { CONTRIBUTION_STATUS_LABELS, CONTRIBUTION_STATUSES } from '@coop/shared/contribution-rules';
import {
  CONTRIBUTIONS_DEFAULT_QUERY,
  CONTRIBUTIONS_PAGE_SIZE_OPTIONS,
} from '@coop/shared/constants';
import { formatNaira } from '@coop/shared/money';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParamsConfig } from '../../../lib/use-list-params';

export type ContributionSortField = 'contributionDate' | 'contributionMonth' | 'totalAmount';

const formatAmount = (value: string) => formatNaira(Number(value));

const statusFilter = {
  key: 'status',
  label: 'Status',
  type: 'select',
  options: CONTRIBUTION_STATUSES.map((status) => ({
    value: status,
    label: CONTRIBUTION_STATUS_LABELS[status],
  })),
} as const satisfies FilterDefinition;

const monthFilter = {
  key: 'contributionMonth',
  label: 'Month',
  type: 'month',
} as const satisfies FilterDefinition;

/** The desktop filter panel's fields (docs/member-portal.md §2), after the search. */
export const CONTRIBUTION_FILTERS: readonly FilterDefinition[] = [
  statusFilter,
  monthFilter,
  // Sent as startDate and endDate, inclusive.
  { key: 'dateRange', label: 'Date range', type: 'dateRange' },
  { key: 'minAmount', label: 'Min amount', type: 'number', formatValue: formatAmount },
  { key: 'maxAmount', label: 'Max amount', type: 'number', formatValue: formatAmount },
];

/**
 * The mobile search dialog's fields (docs/member-portal.md §2): Status with 'All Status' plus four,
 * and Month.
 */
export const CONTRIBUTION_MOBILE_FILTERS: readonly FilterDefinition[] = [
  { ...statusFilter, placeholder: 'All Status' },
  monthFilter,
];

/** The search matches a month ('March 2025', '2025-03') or an amount. */
export const CONTRIBUTION_SEARCH = { label: 'Search', placeholder: 'e.g. March 2025 or 15000' };

/** docs/member-portal.md §9: page 1, 25 per page, newest contribution date first. */
export const CONTRIBUTION_LIST_CONFIG: ListParamsConfig<ContributionSortField> = {
  defaults: {
    limit: CONTRIBUTIONS_DEFAULT_QUERY.limit,
    sortBy: CONTRIBUTIONS_DEFAULT_QUERY.sortBy,
    sortOrder: CONTRIBUTIONS_DEFAULT_QUERY.sortOrder,
  },
  sortFields: ['contributionDate', 'contributionMonth', 'totalAmount'],
  pageSizeOptions: CONTRIBUTIONS_PAGE_SIZE_OPTIONS,
  filters: CONTRIBUTION_FILTERS,
};
