import {
  TRANSACTION_ACCOUNT_LABELS,
  TRANSACTION_ACCOUNTS,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
} from '@coop/shared/account-rules';
import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParamsConfig } from '../../../lib/use-list-params';

export type TransactionSortField = 'date';

/** The history's filters: a date range, the kind of movement and the account. */
export const TRANSACTION_FILTERS: readonly FilterDefinition[] = [
  { key: 'dateRange', label: 'Date range', type: 'dateRange' },
  {
    key: 'type',
    label: 'Type',
    type: 'select',
    placeholder: 'All types',
    options: TRANSACTION_TYPES.map((type) => ({
      value: type,
      label: TRANSACTION_TYPE_LABELS[type],
    })),
  },
  {
    key: 'account',
    label: 'Account',
    type: 'select',
    placeholder: 'All accounts',
    options: TRANSACTION_ACCOUNTS.map((account) => ({
      value: account,
      label: TRANSACTION_ACCOUNT_LABELS[account],
    })),
  },
];

/** The search matches a description, a transaction ID or an amount. */
export const TRANSACTION_SEARCH = { label: 'Search', placeholder: 'e.g. repayment or 20000' };

/** Newest first, 10 a page (docs/member-portal.md §9's default page size). */
export const TRANSACTION_LIST_CONFIG: ListParamsConfig<TransactionSortField> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'date', sortOrder: 'desc' },
  sortFields: ['date'],
  pageSizeOptions: [10, 25, 50, 100],
  filters: TRANSACTION_FILTERS,
};
