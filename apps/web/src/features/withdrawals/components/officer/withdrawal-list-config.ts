import {
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TYPES,
  WITHDRAWAL_TYPE_LABELS,
} from '@coop/shared/withdrawal-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';

export const WITHDRAWAL_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', WITHDRAWAL_STATUSES, (value) => WITHDRAWAL_STATUS_LABELS[value]),
  selectFilter(
    'withdrawalType',
    'Type',
    WITHDRAWAL_TYPES,
    (value) => WITHDRAWAL_TYPE_LABELS[value],
  ),
  { key: 'requested', label: 'Requested on', type: 'dateRange' },
];

export const WITHDRAWAL_LIST_CONFIG = backOfficeListConfig(
  ['requestDate', 'requestedAmount'],
  'asc',
  WITHDRAWAL_FILTERS,
);
