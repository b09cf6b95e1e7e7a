import { REMITTANCE_STATE_LABELS, REMITTANCE_STATES } from '@coop/shared/payroll-remittance-rules';
import { selectFilter, type FilterDefinition } from '../../../../lib/list-filters';
import { BACK_OFFICE_PAGE_SIZES, type ListParamsConfig } from '../../../../lib/use-list-params';

/**
 * The payroll months on the reconciliation page: by month, group code and state. The page's
 * period (its own list, the ledger's) shares the URL, so these keys are this list's only.
 */
export const PAYROLL_RECONCILIATION_FILTERS: readonly FilterDefinition[] = [
  { key: 'month', label: 'Payroll month', type: 'month' },
  { key: 'group', label: 'Payroll group', type: 'text', placeholder: 'Code, e.g. MOF-HQ' },
  selectFilter(
    'state',
    'Remittance state',
    REMITTANCE_STATES,
    (value) => REMITTANCE_STATE_LABELS[value],
  ),
];

/** Newest month first, ten a page. */
export const PAYROLL_RECONCILIATION_CONFIG: ListParamsConfig<'month'> = {
  defaults: { limit: 10, sortBy: 'month', sortOrder: 'desc' },
  sortFields: ['month'],
  pageSizeOptions: BACK_OFFICE_PAGE_SIZES,
  filters: PAYROLL_RECONCILIATION_FILTERS,
};
