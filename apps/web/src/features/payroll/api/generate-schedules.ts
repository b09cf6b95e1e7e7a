import type {
  GenerateSchedulesInput,
  GenerateSchedulesResult,
} from '@coop/shared/payroll-schedules';
import type { SuccessResponse } from '@coop/shared/http';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

export type GenerateSchedulesCall = { values: GenerateSchedulesInput; idempotencyKey: string };

/** POST /admin/payroll/schedules: a new version of the month's schedules. */
export function generateSchedules({
  values,
  idempotencyKey,
}: GenerateSchedulesCall): Promise<SuccessResponse<GenerateSchedulesResult>> {
  return api.post<SuccessResponse<GenerateSchedulesResult>>('/admin/payroll/schedules', values, {
    idempotencyKey,
  });
}

export function useGenerateSchedules() {
  return useOfficerMutation(generateSchedules);
}
