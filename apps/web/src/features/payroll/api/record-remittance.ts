import type {
  PayrollRemittanceResponse,
  RecordRemittanceInput,
} from '@coop/shared/payroll-remittances';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per opening of the dialog, kept across its retries. */
export type RecordRemittanceVariables = {
  values: RecordRemittanceInput;
  idempotencyKey: string;
};

/** POST /admin/payroll/remittances: money a payroll group paid over for a posted month. */
export function recordRemittance({
  values,
  idempotencyKey,
}: RecordRemittanceVariables): Promise<PayrollRemittanceResponse> {
  return api.post<PayrollRemittanceResponse>('/admin/payroll/remittances', values, {
    idempotencyKey,
  });
}

export function useRecordRemittance() {
  return useOfficerMutation(recordRemittance);
}
