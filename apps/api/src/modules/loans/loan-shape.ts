/**
 * Database rows to the docs/member-portal.md §3 shapes (naira, ISO dates) where JavaScript writes
 * them: a guarantor request, and a loan's quote (the loan itself is written by PostgreSQL,
 * loan-json.ts). Private to the loans module.
 */
import type { GuarantorRequest } from '@coop/shared/guarantors';
import { calculateLoan, type LoanPolicy, type LoanQuote } from '@coop/shared/loan-math';
import type { IsoDate } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import type { RepaymentTermMonths } from '@coop/shared/constants';
import type { GuarantorRow, LoanRow, PersonRow } from './loans.repository.js';

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/**
 * The schedule of a loan not yet disbursed, recomputed from what the loan stored (its rate and
 * fees, not today's policy), dated from the request: an estimate until disbursement fixes it.
 */
export function quoteOf(loan: LoanRow, startDate: IsoDate): LoanQuote {
  const term = loan.repaymentTermMonths as RepaymentTermMonths;
  const policy: LoanPolicy = {
    interestRateBpsByTerm: {
      6: loan.interestRateBps,
      12: loan.interestRateBps,
      18: loan.interestRateBps,
    },
    // The stored fees in one sum: the schedule only needs their total.
    insuranceFeeBps: 0,
    formFeeKobo: loan.insuranceFee + loan.formFee,
    requiredCertifications: loan.requiredCertifications,
    minMembershipMonths: 0,
    maxLoanMultiplier: 1,
    maxRunningGuarantees: 1,
  };
  return calculateLoan({
    requestedAmountKobo: loan.requestedAmount,
    repaymentTermMonths: term,
    deductProcessingFee: loan.deductProcessingFee,
    startDate,
    policy,
  });
}

export function toGuarantorRequest(row: {
  slot: GuarantorRow;
  loan: Pick<
    LoanRow,
    'id' | 'loanNumber' | 'requestedAmount' | 'purpose' | 'status' | 'repaymentTermMonths'
  >;
  borrower: PersonRow;
}): GuarantorRequest {
  return {
    _id: row.slot.id,
    id: row.slot.id,
    status: row.slot.status,
    invitationDate: row.slot.invitationDate.toISOString(),
    responseDate: row.slot.responseDate?.toISOString() ?? null,
    guaranteeAmount: koboToNaira(row.slot.guaranteeAmount),
    acceptanceToken: row.slot.acceptanceToken,
    loanId: {
      _id: row.loan.id,
      id: row.loan.id,
      loanId: row.loan.loanNumber,
      requestedAmount: koboToNaira(row.loan.requestedAmount),
      purpose: row.loan.purpose,
      status: row.loan.status,
      repaymentTermMonths: row.loan.repaymentTermMonths,
      userId: {
        firstName: row.borrower.firstName,
        lastName: row.borrower.lastName,
        email: row.borrower.email,
        membershipId: row.borrower.membershipId,
      },
    },
  };
}
