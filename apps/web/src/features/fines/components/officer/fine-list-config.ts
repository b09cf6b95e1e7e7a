import { FINE_STATUSES, FINE_STATUS_LABELS } from '@coop/shared/fine-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';

export const FINE_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', FINE_STATUSES, (value) => FINE_STATUS_LABELS[value]),
  { key: 'fined', label: 'Fine date', type: 'dateRange' },
];

export const FINE_LIST_CONFIG = backOfficeListConfig(
  ['fineDate', 'dueDate', 'amount'],
  'desc',
  FINE_FILTERS,
);
