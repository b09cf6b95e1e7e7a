import { DISPUTE_QUEUE_STATUSES } from '@coop/shared/contribution-rules';
import type { FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

export const DISPUTE_FILTERS: readonly FilterDefinition[] = [
  {
    key: 'status',
    label: 'Queue',
    type: 'select',
    placeholder: 'Disputed',
    options: DISPUTE_QUEUE_STATUSES.map((value) => ({
      value,
      label: value === 'disputed' ? 'Disputed' : 'Resolved',
    })),
  },
  { key: 'disputed', label: 'Disputed on', type: 'dateRange' },
];

export const DISPUTE_LIST_CONFIG: ListParamsConfig<'disputeDate' | 'contributionMonth'> = {
  defaults: { limit: 25, sortBy: 'disputeDate', sortOrder: 'asc' },
  sortFields: ['disputeDate', 'contributionMonth'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: DISPUTE_FILTERS,
};
