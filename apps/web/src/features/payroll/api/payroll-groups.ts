import type {
  CreatePayrollGroupInput,
  PayrollGroupListResponse,
  PayrollGroupResponse,
  RenamePayrollGroupInput,
} from '@coop/shared/deductions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { payrollKeys } from './payroll-keys';

/** GET /admin/payroll/groups: every payroll group by code, with its members this month. */
export function getPayrollGroups(signal?: AbortSignal): Promise<PayrollGroupListResponse> {
  return api.get<PayrollGroupListResponse>('/admin/payroll/groups', { signal });
}

export const payrollGroupsQueryOptions = () =>
  queryOptions({
    queryKey: payrollKeys.groups(),
    queryFn: ({ signal }) => getPayrollGroups(signal),
  });

export function usePayrollGroups() {
  return useQuery(payrollGroupsQueryOptions());
}

/** The Idempotency-Key: one per opening of the dialog, kept across its retries. */
export type CreatePayrollGroupVariables = {
  values: CreatePayrollGroupInput;
  idempotencyKey: string;
};

/** POST /admin/payroll/groups: a new group; its code is unique. */
export function createPayrollGroup({
  values,
  idempotencyKey,
}: CreatePayrollGroupVariables): Promise<PayrollGroupResponse> {
  return api.post<PayrollGroupResponse>('/admin/payroll/groups', values, { idempotencyKey });
}

export function useCreatePayrollGroup() {
  return useOfficerMutation(createPayrollGroup);
}

export type RenamePayrollGroupVariables = {
  id: string;
  values: RenamePayrollGroupInput;
  idempotencyKey: string;
};

/** PUT /admin/payroll/groups/{id}: the name only; the code stays. */
export function renamePayrollGroup({
  id,
  values,
  idempotencyKey,
}: RenamePayrollGroupVariables): Promise<PayrollGroupResponse> {
  return api.put<PayrollGroupResponse>(`/admin/payroll/groups/${encodeURIComponent(id)}`, values, {
    idempotencyKey,
  });
}

export function useRenamePayrollGroup() {
  return useOfficerMutation(renamePayrollGroup);
}
