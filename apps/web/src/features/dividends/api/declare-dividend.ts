import type { DeclareDividendInput, DividendDeclarationResponse } from '@coop/shared/dividends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** The Idempotency-Key: one per confirmation, kept across its retries. */
export type DeclareDividendVariables = { values: DeclareDividendInput; idempotencyKey: string };

/** POST /admin/dividends: the year is declared at the rate (once; nothing is paid yet). */
export function declareDividend({
  values,
  idempotencyKey,
}: DeclareDividendVariables): Promise<DividendDeclarationResponse> {
  return api.post<DividendDeclarationResponse>('/admin/dividends', values, {
    idempotencyKey,
  });
}

export function useDeclareDividend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareDividend,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
