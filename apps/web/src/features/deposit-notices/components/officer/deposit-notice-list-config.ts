import {
  DEPOSIT_NOTICE_STATUSES,
  DEPOSIT_NOTICE_STATUS_LABELS,
} from '@coop/shared/deposit-notice-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

export const DEPOSIT_NOTICE_FILTERS: readonly FilterDefinition[] = [
  selectFilter(
    'status',
    'Status',
    DEPOSIT_NOTICE_STATUSES,
    (value) => DEPOSIT_NOTICE_STATUS_LABELS[value],
  ),
  { key: 'submitted', label: 'Submitted on', type: 'dateRange' },
];

export const DEPOSIT_NOTICE_LIST_CONFIG: ListParamsConfig<'submittedAt' | 'transferDate'> = {
  defaults: { limit: 25, sortBy: 'submittedAt', sortOrder: 'asc' },
  sortFields: ['submittedAt', 'transferDate'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: DEPOSIT_NOTICE_FILTERS,
};
