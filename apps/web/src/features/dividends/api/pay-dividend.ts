import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

/** `key` is the Idempotency-Key: one per payment dialog opening, kept across its retries. */
export type PayDividendInput = { year: number; key: string };

/** POST /admin/dividends/{year}/pay: a job (202), followed until every member is paid. */
export function payDividend({ year, key }: PayDividendInput): Promise<OfficerJobResponse> {
  return api.post<OfficerJobResponse>(
    `/admin/dividends/${encodeURIComponent(String(year))}/pay`,
    {},
    { idempotencyKey: key },
  );
}

export function usePayDividend() {
  return useOfficerJobMutation(payDividend);
}
