import {
  CHANGE_REQUEST_STATUSES,
  CHANGE_REQUEST_STATUS_DISPLAY,
} from '@coop/shared/deduction-rules';
import { backOfficeListConfig } from '../../../../lib/back-office-lists';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';

export const CHANGE_REQUEST_FILTERS: readonly FilterDefinition[] = [
  selectFilter(
    'status',
    'Status',
    CHANGE_REQUEST_STATUSES,
    (value) => CHANGE_REQUEST_STATUS_DISPLAY.labels[value],
  ),
];

/** Oldest first: who waited longest is decided first. */
export const CHANGE_REQUEST_LIST_CONFIG = backOfficeListConfig(
  ['createdAt'],
  'asc',
  CHANGE_REQUEST_FILTERS,
);
