import type {
  AdminChangeRequestListResponse,
  AdminChangeRequestResponse,
} from '@coop/shared/deductions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { payrollKeys } from './payroll-keys';

/** GET /admin/payroll/change-requests: one page of members' deduction change requests. */
export function getChangeRequests(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminChangeRequestListResponse> {
  return api.get<AdminChangeRequestListResponse>('/admin/payroll/change-requests', {
    params: query,
    signal,
  });
}

export const changeRequestsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: payrollKeys.changeRequests(query),
    queryFn: ({ signal }) => getChangeRequests(query, signal),
    placeholderData: keepPreviousData,
  });

export function useChangeRequests(query: QueryParams) {
  return useQuery(changeRequestsQueryOptions(query));
}

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type ApproveChangeRequestInput = { id: string; idempotencyKey: string };

/** POST /admin/payroll/change-requests/{id}/approve: writes the member's new instruction. */
export function approveChangeRequest({
  id,
  idempotencyKey,
}: ApproveChangeRequestInput): Promise<AdminChangeRequestResponse> {
  return api.post<AdminChangeRequestResponse>(
    `/admin/payroll/change-requests/${encodeURIComponent(id)}/approve`,
    undefined,
    { idempotencyKey },
  );
}

export function useApproveChangeRequest() {
  return useOfficerMutation(approveChangeRequest);
}

export type RejectChangeRequestInput = { id: string; reason: string; idempotencyKey: string };

/** POST /admin/payroll/change-requests/{id}/reject: the instruction stays; the member is told why. */
export function rejectChangeRequest({
  id,
  reason,
  idempotencyKey,
}: RejectChangeRequestInput): Promise<AdminChangeRequestResponse> {
  return api.post<AdminChangeRequestResponse>(
    `/admin/payroll/change-requests/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey },
  );
}

export function useRejectChangeRequest() {
  return useOfficerMutation(rejectChangeRequest);
}
