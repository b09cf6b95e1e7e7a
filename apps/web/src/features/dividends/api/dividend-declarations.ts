import type {
  DeclareDividendInput,
  DividendDeclarationListResponse,
  DividendDeclarationResponse,
  DividendPreviewRequest,
  DividendPreviewResponse,
} from '@coop/shared/dividends';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';
import { adminKeys } from '../../../lib/admin-keys';

/** GET /admin/dividends: every declared year, newest first. */
export function useDividendDeclarations() {
  return useQuery({
    queryKey: adminKeys.dividendDeclarations(),
    queryFn: ({ signal }) =>
      api.get<DividendDeclarationListResponse>('/admin/dividends', { signal }),
  });
}

/** POST /admin/dividends/preview: writes nothing, so it needs no Idempotency-Key. */
export function usePreviewDividend() {
  return useMutation({
    mutationFn: (values: DividendPreviewRequest) =>
      api.post<DividendPreviewResponse>('/admin/dividends/preview', values),
  });
}

/** POST /admin/dividends */
export function useDeclareDividend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: DeclareDividendInput; key: string }) =>
      api.post<DividendDeclarationResponse>('/admin/dividends', values, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /admin/dividends/{year}/pay: a job (202), followed until every member is paid. */
export const usePayDividend = () =>
  useOfficerJobMutation(({ year, key }: { year: number; key: string }) =>
    api.post<OfficerJobResponse>(
      `/admin/dividends/${encodeURIComponent(String(year))}/pay`,
      {},
      { idempotencyKey: key },
    ),
  );
