import { ADMIN_LOAN_STATUS_FILTERS } from '@coop/shared/loan-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';

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

export const LOAN_LIST_CONFIG = backOfficeListConfig(
  ['requestDate', 'requestedAmount'],
  'desc',
  LOAN_FILTERS,
);
