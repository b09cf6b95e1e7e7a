import { DISPUTE_QUEUE_STATUSES } from '@coop/shared/contribution-rules';
import type { FilterDefinition } from '../../../../lib/list-filters';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';

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

export const DISPUTE_LIST_CONFIG = backOfficeListConfig(
  ['disputeDate', 'contributionMonth'],
  'asc',
  DISPUTE_FILTERS,
);
