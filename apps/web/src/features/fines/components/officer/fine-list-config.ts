import { FINE_STATUSES, FINE_STATUS_LABELS } from '@coop/shared/fine-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

export const FINE_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', FINE_STATUSES, (value) => FINE_STATUS_LABELS[value]),
  { key: 'fined', label: 'Fine date', type: 'dateRange' },
];

export const FINE_LIST_CONFIG: ListParamsConfig<'fineDate' | 'dueDate' | 'amount'> = {
  defaults: { limit: 25, sortBy: 'fineDate', sortOrder: 'desc' },
  sortFields: ['fineDate', 'dueDate', 'amount'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: FINE_FILTERS,
};
