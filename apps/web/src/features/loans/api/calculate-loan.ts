import type { LoanCalculation } from '@coop/shared/loans';
import type { SuccessResponse } from '@coop/shared/http';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type CalculationInput = {
  requestedAmount: number;
  repaymentTermMonths: 6 | 12 | 18;
  deductProcessingFee: boolean;
};

/** POST /users/loans/calculate: the schedule and fees of a loan, nothing stored. */
export async function calculateLoan(input: CalculationInput): Promise<LoanCalculation> {
  const { data } = await api.post<SuccessResponse<LoanCalculation>>(
    '/users/loans/calculate',
    input,
  );
  return data;
}

export function useCalculateLoan() {
  return useMutation({ mutationFn: calculateLoan });
}
