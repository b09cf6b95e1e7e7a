import type { AdminInstructionDetailResponse, SetInstructionInput } from '@coop/shared/deductions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { payrollKeys } from './payroll-keys';

/** GET /admin/payroll/instructions/{userId}: the instruction in effect, its history, the open request. */
export function getMemberInstruction(
  userId: string,
  signal?: AbortSignal,
): Promise<AdminInstructionDetailResponse> {
  return api.get<AdminInstructionDetailResponse>(
    `/admin/payroll/instructions/${encodeURIComponent(userId)}`,
    { signal },
  );
}

export const memberInstructionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: payrollKeys.instruction(userId),
    queryFn: ({ signal }) => getMemberInstruction(userId, signal),
  });

export function useMemberInstruction(userId: string) {
  return useQuery(memberInstructionQueryOptions(userId));
}

/** The Idempotency-Key: one per opening of the dialog, kept across its retries. */
export type SetInstructionVariables = {
  userId: string;
  values: SetInstructionInput;
  idempotencyKey: string;
};

/** PUT /admin/payroll/instructions/{userId}: a new row of the member's instruction history. */
export function setMemberInstruction({
  userId,
  values,
  idempotencyKey,
}: SetInstructionVariables): Promise<AdminInstructionDetailResponse> {
  return api.put<AdminInstructionDetailResponse>(
    `/admin/payroll/instructions/${encodeURIComponent(userId)}`,
    values,
    { idempotencyKey },
  );
}

export function useSetMemberInstruction() {
  return useOfficerMutation(setMemberInstruction);
}
