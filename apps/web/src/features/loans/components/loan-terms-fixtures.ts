import type { LoanCalculation } from '@coop/shared/loans';
import { json } from '../../../testing/fetch-mock';

/** The calculation of ₦100,000 over 6 months, as POST /users/loans/calculate answers it. */
export const CALCULATION: LoanCalculation = {
  calculation: {
    requestedAmount: 100_000,
    disbursementAmount: 98_000,
    monthlyRepayment: 17_500,
    interestRate: 5,
    interestAmount: 5_000,
    insuranceFee: 1_000,
    formFee: 1_000,
    totalProcessingFees: 2_000,
    totalRepaymentAmount: 105_000,
    repaymentTermMonths: 6,
    repaymentSchedule: [
      {
        month: 1,
        totalAmount: 17_500,
        principalAmount: 16_666.67,
        interestAmount: 833.33,
        remainingBalance: 83_333.33,
        dueDate: '2026-12-27',
      },
    ],
  },
};

/** A refusal in the API's error shape naming one field (`details`), at any status. */
export const fieldRefusal = (status: number, code: string, field: string, message: string) =>
  json(status, {
    success: false,
    error: status === 409 ? 'Conflict' : 'Bad Request',
    message,
    code,
    details: [{ field, message }],
    timestamp: '2026-11-27T10:00:00.000Z',
  });
