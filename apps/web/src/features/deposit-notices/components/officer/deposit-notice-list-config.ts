import {
  DEPOSIT_NOTICE_STATUSES,
  DEPOSIT_NOTICE_STATUS_LABELS,
} from '@coop/shared/deposit-notice-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';

export const DEPOSIT_NOTICE_FILTERS: readonly FilterDefinition[] = [
  selectFilter(
    'status',
    'Status',
    DEPOSIT_NOTICE_STATUSES,
    (value) => DEPOSIT_NOTICE_STATUS_LABELS[value],
  ),
  { key: 'submitted', label: 'Submitted on', type: 'dateRange' },
];

export const DEPOSIT_NOTICE_LIST_CONFIG = backOfficeListConfig(
  ['submittedAt', 'transferDate'],
  'asc',
  DEPOSIT_NOTICE_FILTERS,
);
