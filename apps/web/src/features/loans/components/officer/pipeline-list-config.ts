import { ADMIN_LOAN_STATUS_FILTERS } from '@coop/shared/loan-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

/**
 * The loan pipeline (docs/decisions/062-loan-back-office.md): newest request first; status and
 * overdue in the URL.
 */
export const LOAN_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', ADMIN_LOAN_STATUS_FILTERS, (value) =>
    value === 'awaiting_second_approval'
      ? 'Awaiting second approval'
      : value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' '),
  ),
  {
    key: 'overdue',
    label: 'Overdue instalments',
    type: 'select',
    options: [{ value: 'true', label: 'With an overdue instalment' }],
  },
  { key: 'requested', label: 'Requested', type: 'dateRange' },
];

export const LOAN_LIST_CONFIG: ListParamsConfig<'requestDate' | 'requestedAmount'> = {
  defaults: { limit: 25, sortBy: 'requestDate', sortOrder: 'desc' },
  sortFields: ['requestDate', 'requestedAmount'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: LOAN_FILTERS,
};
