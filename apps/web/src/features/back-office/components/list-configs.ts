import type { FilterDefinition } from '../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../lib/use-list-params';
import { backOfficeListConfig } from '../../../lib/back-office-lists';

/* The lists of no single domain: the audit log and the reconciliation report. */

export const AUDIT_FILTERS: readonly FilterDefinition[] = [
  { key: 'actor', label: 'Actor', type: 'text', placeholder: 'Name, e-mail or membership ID' },
  { key: 'action', label: 'Action', type: 'text', placeholder: 'e.g. payroll.posted' },
  { key: 'entityType', label: 'Entity type', type: 'text', placeholder: 'e.g. user' },
  { key: 'entityId', label: 'Entity ID', type: 'text' },
  { key: 'occurred', label: 'Date', type: 'dateRange' },
];

export const AUDIT_LIST_CONFIG = backOfficeListConfig(['occurredAt'], 'desc', AUDIT_FILTERS);

export const RECONCILIATION_FILTERS: readonly FilterDefinition[] = [
  { key: 'period', label: 'Period', type: 'dateRange' },
];

/**
 * The period shares its page's URL with the payroll months' list (its page, size and order), so
 * its defaults are that list's: changing the period keeps the list's page size.
 */
export const RECONCILIATION_CONFIG: ListParamsConfig<'period'> = {
  defaults: { limit: 10, sortBy: 'period', sortOrder: 'desc' },
  sortFields: ['period'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: RECONCILIATION_FILTERS,
};
