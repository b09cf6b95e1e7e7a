import {
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TYPES,
  WITHDRAWAL_TYPE_LABELS,
} from '@coop/shared/withdrawal-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

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

export const WITHDRAWAL_LIST_CONFIG: ListParamsConfig<'requestDate' | 'requestedAmount'> = {
  defaults: { limit: 25, sortBy: 'requestDate', sortOrder: 'asc' },
  sortFields: ['requestDate', 'requestedAmount'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: WITHDRAWAL_FILTERS,
};
