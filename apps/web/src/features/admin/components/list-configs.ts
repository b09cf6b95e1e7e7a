import { ADMIN_LOAN_STATUS_FILTERS } from '@coop/shared/admin-loan-texts';
import {
  DISPUTE_QUEUE_STATUSES,
  MEMBER_STATUS_FILTERS,
  MEMBER_STATUS_LABELS,
} from '@coop/shared/admin-texts';
import { USER_LIST_PAGE_SIZE } from '@coop/shared/constants';
import {
  DEPOSIT_NOTICE_STATUSES,
  DEPOSIT_NOTICE_STATUS_LABELS,
} from '@coop/shared/deposit-notice-rules';
import { FINE_STATUSES, FINE_STATUS_LABELS } from '@coop/shared/fine-rules';
import {
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_TYPES,
  WITHDRAWAL_TYPE_LABELS,
} from '@coop/shared/withdrawal-rules';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParamsConfig } from '../../../lib/use-list-params';

/** The back office's list page sizes (the members list has its own, after spec §9). */
const PAGE_SIZES = [10, 25, 50, 100];

/** A select filter over a closed list of values, each shown by its label. */
function selectFilter<T extends string>(
  key: string,
  label: string,
  values: readonly T[],
  labelOf: (value: T) => string,
): FilterDefinition {
  return {
    key,
    label,
    type: 'select',
    options: values.map((value) => ({ value, label: labelOf(value) })),
  };
}

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export const MEMBER_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', MEMBER_STATUS_FILTERS, (value) => MEMBER_STATUS_LABELS[value]),
  { key: 'isLoanReviewer', label: 'Loan reviewer', type: 'select', options: yesNo },
  { key: 'isExco', label: 'Exco', type: 'select', options: yesNo },
  { key: 'joined', label: 'Joined', type: 'dateRange' },
];

/** Spec §9: the user list shows 50 a page, by first name A to Z. */
export const MEMBER_LIST_CONFIG: ListParamsConfig<
  'firstName' | 'lastName' | 'membershipId' | 'joinedOn'
> = {
  defaults: { limit: USER_LIST_PAGE_SIZE, sortBy: 'firstName', sortOrder: 'asc' },
  sortFields: ['firstName', 'lastName', 'membershipId', 'joinedOn'],
  pageSizeOptions: [25, 50, 100],
  filters: MEMBER_FILTERS,
};

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

export const DISPUTE_LIST_CONFIG: ListParamsConfig<'disputeDate' | 'contributionMonth'> = {
  defaults: { limit: 25, sortBy: 'disputeDate', sortOrder: 'asc' },
  sortFields: ['disputeDate', 'contributionMonth'],
  pageSizeOptions: PAGE_SIZES,
  filters: DISPUTE_FILTERS,
};

export const AUDIT_FILTERS: readonly FilterDefinition[] = [
  { key: 'actor', label: 'Actor', type: 'text', placeholder: 'Name, e-mail or membership ID' },
  { key: 'action', label: 'Action', type: 'text', placeholder: 'e.g. payroll.posted' },
  { key: 'entityType', label: 'Entity type', type: 'text', placeholder: 'e.g. user' },
  { key: 'entityId', label: 'Entity ID', type: 'text' },
  { key: 'occurred', label: 'Date', type: 'dateRange' },
];

export const AUDIT_LIST_CONFIG: ListParamsConfig<'occurredAt'> = {
  defaults: { limit: 25, sortBy: 'occurredAt', sortOrder: 'desc' },
  sortFields: ['occurredAt'],
  pageSizeOptions: PAGE_SIZES,
  filters: AUDIT_FILTERS,
};

export const RECONCILIATION_FILTERS: readonly FilterDefinition[] = [
  { key: 'period', label: 'Period', type: 'dateRange' },
];

export const RECONCILIATION_CONFIG: ListParamsConfig<'period'> = {
  defaults: { limit: 10, sortBy: 'period', sortOrder: 'asc' },
  sortFields: ['period'],
  pageSizeOptions: [10],
  filters: RECONCILIATION_FILTERS,
};

/* The money routines (issue 9 items 5, 7, 9): withdrawals, deposit notices, fines. */

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
  pageSizeOptions: PAGE_SIZES,
  filters: WITHDRAWAL_FILTERS,
};

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
  pageSizeOptions: PAGE_SIZES,
  filters: DEPOSIT_NOTICE_FILTERS,
};

export const FINE_FILTERS: readonly FilterDefinition[] = [
  selectFilter('status', 'Status', FINE_STATUSES, (value) => FINE_STATUS_LABELS[value]),
  { key: 'fined', label: 'Fine date', type: 'dateRange' },
];

export const FINE_LIST_CONFIG: ListParamsConfig<'fineDate' | 'dueDate' | 'amount'> = {
  defaults: { limit: 25, sortBy: 'fineDate', sortOrder: 'desc' },
  sortFields: ['fineDate', 'dueDate', 'amount'],
  pageSizeOptions: PAGE_SIZES,
  filters: FINE_FILTERS,
};

/** The loan pipeline (issue 9 item 6): newest request first; status and overdue in the URL. */
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
  pageSizeOptions: PAGE_SIZES,
  filters: LOAN_FILTERS,
};
