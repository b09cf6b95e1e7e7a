import { MEMBER_STATUS_FILTERS, MEMBER_STATUS_LABELS } from '@coop/shared/member-rules';
import { USER_LIST_PAGE_SIZE } from '@coop/shared/constants';
import { YES_NO_OPTIONS, selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import type { ListParamsConfig } from '../../../../lib/use-list-params';

export const MEMBER_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', MEMBER_STATUS_FILTERS, (value) => MEMBER_STATUS_LABELS[value]),
  { key: 'isLoanReviewer', label: 'Loan reviewer', type: 'select', options: YES_NO_OPTIONS },
  { key: 'isExco', label: 'Exco', type: 'select', options: YES_NO_OPTIONS },
  { key: 'joined', label: 'Joined', type: 'dateRange' },
];

/** docs/member-portal.md §9: the user list shows 50 a page, by first name A to Z. */
export const MEMBER_LIST_CONFIG: ListParamsConfig<
  'firstName' | 'lastName' | 'membershipId' | 'joinedOn'
> = {
  defaults: { limit: USER_LIST_PAGE_SIZE, sortBy: 'firstName', sortOrder: 'asc' },
  sortFields: ['firstName', 'lastName', 'membershipId', 'joinedOn'],
  pageSizeOptions: [25, 50, 100],
  filters: MEMBER_FILTERS,
};
