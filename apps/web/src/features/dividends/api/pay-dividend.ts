import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

/** The Idempotency-Key: one per payment dialog opening, kept across its retries. */
export type PayDividendInput = { year: number; idempotencyKey: string };

/** POST /admin/dividends/{year}/pay: a job (202), followed until every member is paid. */
export function payDividend({
  year,
  idempotencyKey,
}: PayDividendInput): Promise<OfficerJobResponse> {
  return api.post<OfficerJobResponse>(
    `/admin/dividends/${encodeURIComponent(String(year))}/pay`,
    {},
    { idempotencyKey },
  );
}

export function usePayDividend() {
  return useOfficerJobMutation(payDividend);
}
