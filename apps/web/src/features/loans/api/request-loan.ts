import type { Loan } from '@coop/shared/loans';
import type { ListResponse, SuccessResponse } from '@coop/shared/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { CalculationInput } from './calculate-loan';
import { loanKeys, refreshAfterLoanChange } from './loan-keys';

export type LoanRequestInput = CalculationInput & { purpose: string; guarantorUserIds: string[] };

/** POST /users/loans/request with Idempotency-Key: one key per request the member made. */
export async function requestLoan({
  input,
  idempotencyKey,
}: {
  input: LoanRequestInput;
  idempotencyKey: string;
}): Promise<Loan> {
  const { data } = await api.post<SuccessResponse<Loan>>('/users/loans/request', input, {
    idempotencyKey,
  });
  return data;
}

export function useRequestLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestLoan,
    onSuccess: async (loan) => {
      // The new loan goes at the top, and the stored eligibility is cleared.
      queryClient.removeQueries({ queryKey: loanKeys.eligibility() });
      queryClient.setQueriesData<ListResponse<Loan>>({ queryKey: loanKeys.lists() }, (old) =>
        old ? { ...old, data: [loan, ...old.data.filter((l) => l.id !== loan.id)] } : old,
      );
      await refreshAfterLoanChange(queryClient);
    },
  });
}
