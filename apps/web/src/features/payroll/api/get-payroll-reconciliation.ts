import type {
  PayrollMonthReconciliation,
  PayrollReconciliationResponse,
} from '@coop/shared/payroll-remittances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { payrollKeys } from './payroll-keys';

/** A month of a group, with the id the list kit keys its row by ('2026-10:MOF-HQ'). */
export type PayrollMonthRow = PayrollMonthReconciliation & { id: string };

/** The row's id: its month and group code, as the overview's link names it. */
export const payrollMonthRowId = (month: string, groupCode: string | null) =>
  `${month}:${groupCode ?? ''}`;

/** GET /admin/payroll/reconciliation: per posted month and group, deducted against remitted. */
export function getPayrollReconciliation(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<PayrollReconciliationResponse> {
  return api.get<PayrollReconciliationResponse>('/admin/payroll/reconciliation', {
    params: query,
    signal,
  });
}

export const payrollReconciliationQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: payrollKeys.reconciliation(query),
    queryFn: ({ signal }) => getPayrollReconciliation(query, signal),
    placeholderData: keepPreviousData,
    select: (answer) => ({
      ...answer,
      data: answer.data.map((row): PayrollMonthRow => ({
        ...row,
        id: payrollMonthRowId(row.month, row.payrollGroup?.code ?? null),
      })),
    }),
  });

export function usePayrollReconciliation(query: QueryParams) {
  return useQuery(payrollReconciliationQueryOptions(query));
}
