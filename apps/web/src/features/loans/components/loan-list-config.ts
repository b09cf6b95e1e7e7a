import { DEFAULT_PAGE_SIZE, DEFAULT_SORTS } from '@coop/shared/constants';
import {
  GUARANTOR_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
} from '@coop/shared/loan-rules';
import { formatNaira } from '@coop/shared/money';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParamsConfig } from '../../../lib/use-list-params';

/** docs/member-portal.md §2 My Loans and Guarantor Requests: the lists' page sizes. */
export const LOAN_PAGE_SIZE_OPTIONS = [10, 25, 50] as const;

const formatAmount = (value: string) => formatNaira(Number(value));

const loanStatusFilter = {
  key: 'status',
  label: 'Status',
  type: 'select',
  placeholder: 'All Status',
  // Every status, 'Under Review' too: a loan waits there once every guarantor accepted, and a
  // member should be able to find it (decision 066).
  options: LOAN_STATUSES.map((status) => ({ value: status, label: LOAN_STATUS_LABELS[status] })),
} as const satisfies FilterDefinition;

/**
 * My Loans (docs/member-portal.md §2, §7): status, the request date range and the amount range in
 * naira.
 */
export const MY_LOAN_FILTERS: readonly FilterDefinition[] = [
  loanStatusFilter,
  // Sent as startDate and endDate, inclusive, on the request date.
  { key: 'dateRange', label: 'Request date', type: 'dateRange' },
  { key: 'minAmount', label: 'Min amount', type: 'number', formatValue: formatAmount },
  { key: 'maxAmount', label: 'Max amount', type: 'number', formatValue: formatAmount },
];

/** docs/member-portal.md §2: 'Search is by loan ID or purpose.' */
export const MY_LOAN_SEARCH = { label: 'Search', placeholder: 'Loan ID or purpose' };

export type MyLoanSortField = 'requestDate' | 'requestedAmount' | 'status';

/** docs/member-portal.md §2: 'Reset restores page 1, limit 10, sort by requestDate descending.' */
export const MY_LOAN_LIST_CONFIG: ListParamsConfig<MyLoanSortField> = {
  defaults: {
    limit: DEFAULT_PAGE_SIZE,
    sortBy: DEFAULT_SORTS.loans.sortBy,
    sortOrder: DEFAULT_SORTS.loans.sortOrder,
  },
  sortFields: ['requestDate', 'requestedAmount', 'status'],
  pageSizeOptions: LOAN_PAGE_SIZE_OPTIONS,
  filters: MY_LOAN_FILTERS,
};

/**
 * Guarantor Requests (docs/member-portal.md §2, §7): status (pending, accepted, rejected), the
 * invitation date range and the guarantee amount range. With no status the API answers the pending
 * ones (the spec's default view): the select's empty choice reads 'Pending', so pending is the
 * default, not a filter, and Reset returns to it.
 */
export const GUARANTOR_REQUEST_FILTERS: readonly FilterDefinition[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    placeholder: 'Pending',
    options: (['accepted', 'rejected'] as const).map((status) => ({
      value: status,
      label: GUARANTOR_STATUS_LABELS[status],
    })),
  },
  { key: 'dateRange', label: 'Invitation date', type: 'dateRange' },
  { key: 'minAmount', label: 'Min guarantee', type: 'number', formatValue: formatAmount },
  { key: 'maxAmount', label: 'Max guarantee', type: 'number', formatValue: formatAmount },
];

/** docs/member-portal.md §2: 'search by borrower name or loan ID'. */
export const GUARANTOR_REQUEST_SEARCH = {
  label: 'Search',
  placeholder: 'Borrower name or loan ID',
};

export type GuarantorRequestSortField = 'invitationDate' | 'guaranteeAmount';

/** docs/member-portal.md §2: pending, invitationDate descending, limit 10. */
export const GUARANTOR_REQUEST_LIST_CONFIG: ListParamsConfig<GuarantorRequestSortField> = {
  defaults: {
    limit: DEFAULT_PAGE_SIZE,
    sortBy: DEFAULT_SORTS.guarantorRequests.sortBy,
    sortOrder: DEFAULT_SORTS.guarantorRequests.sortOrder,
  },
  sortFields: ['invitationDate', 'guaranteeAmount'],
  pageSizeOptions: LOAN_PAGE_SIZE_OPTIONS,
  filters: GUARANTOR_REQUEST_FILTERS,
};
