/**
 * Database rows to the docs/member-portal.md §3 shapes (naira, ISO dates). Private to the loans
 * module.
 */
import type { GuarantorRequest } from '@coop/shared/guarantors';
import type {
  Loan,
  LoanGuarantor,
  LoanProgressShape,
  RepaymentRecord,
  ScheduleItem,
} from '@coop/shared/loans';
import { calculateLoan, type LoanPolicy, type LoanQuote } from '@coop/shared/loan-math';
import { toIsoDateInTimeZone, type IsoDate } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import type { RepaymentTermMonths } from '@coop/shared/constants';
import type {
  GuarantorRow,
  LoanGuarantorPart,
  LoanParts,
  LoanRow,
  PersonRow,
  RepaymentPart,
  ScheduleItemPart,
} from './loans.repository.js';

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

export function toLoanGuarantor(slot: LoanGuarantorPart['slot'], person: PersonRow): LoanGuarantor {
  const summary = {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    membershipId: person.membershipId,
  };
  return {
    ...summary,
    id: slot.id,
    _id: slot.id,
    guarantorUserId: { ...summary, _id: person.id, id: person.id },
    guaranteeAmount: koboToNaira(slot.guaranteeAmount),
    status: slot.status,
    responseDate: slot.responseDate?.toISOString() ?? null,
    invitationDate: slot.invitationDate.toISOString(),
    isReplacement: slot.replacesId !== null,
  };
}

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

/** The estimated schedule of a loan not yet disbursed, dated from its request. */
export function quotedSchedule(loan: LoanRow): ScheduleItem[] {
  const quote = quoteOf(loan, toIsoDateInTimeZone(loan.requestDate));
  return quote.schedule.map((item) => ({
    month: item.month,
    dueDate: item.dueDate,
    principalAmount: koboToNaira(item.principalAmountKobo),
    interestAmount: koboToNaira(item.interestAmountKobo),
    totalAmount: koboToNaira(item.totalAmountKobo),
    remainingBalance: koboToNaira(item.remainingBalanceKobo),
    status: 'pending',
  }));
}

export function toScheduleItem(item: ScheduleItemPart): ScheduleItem {
  return {
    month: item.month,
    dueDate: item.dueDate,
    principalAmount: koboToNaira(item.principalAmount),
    interestAmount: koboToNaira(item.interestAmount),
    totalAmount: koboToNaira(item.totalAmount),
    remainingBalance: koboToNaira(item.remainingBalance),
    status: item.status,
  };
}

export function toRepaymentRecord(row: RepaymentPart): RepaymentRecord {
  return {
    id: row.id,
    amount: koboToNaira(row.amount),
    paymentDate: row.paymentDate,
    paymentMethod: row.paymentMethod,
    bankDetails: row.bankName ? { bankName: row.bankName } : null,
    repaymentType: row.repaymentType,
    isEarlyPayment: row.isEarlyPayment,
    status: row.status,
    newBalance: koboToNaira(row.newBalance),
  };
}

export function toLoan(loan: LoanRow, parts: LoanParts): Loan {
  const fixed = parts.schedule.length > 0;
  return {
    id: loan.id,
    loanId: loan.loanNumber,
    purpose: loan.purpose,
    requestedAmount: koboToNaira(loan.requestedAmount),
    approvedAmount: loan.approvedAmount === null ? null : koboToNaira(loan.approvedAmount),
    repaymentTermMonths: loan.repaymentTermMonths,
    interestRate: loan.interestRateBps / 100,
    monthlyPayment: koboToNaira(loan.monthlyPayment),
    totalRepayment: koboToNaira(loan.totalRepayment),
    outstandingBalance: koboToNaira(loan.outstandingBalance),
    status: loan.status,
    requestDate: loan.requestDate.toISOString(),
    guarantors: parts.guarantors.map(({ slot, person }) => toLoanGuarantor(slot, person)),
    repaymentSchedule: {
      scheduleItems: fixed ? parts.schedule.map(toScheduleItem) : quotedSchedule(loan),
      totalRepaymentAmount: koboToNaira(loan.totalRepayment),
      monthlyPaymentAmount: koboToNaira(loan.monthlyPayment),
    },
    repaymentRecords: parts.repayments.map(toRepaymentRecord),
    progress: loanProgressOf(loan, parts),
  };
}

/**
 * The facts of the loan's path (docs/business-rules.md "A loan's timeline"): the instalments
 * counted from the fixed schedule (none before disbursement: the quote's are estimates), the next
 * one the first not paid in full, with what is left of it.
 */
export function loanProgressOf(
  loan: Pick<
    LoanRow,
    | 'requiredCertifications'
    | 'underReviewAt'
    | 'decidedAt'
    | 'rejectionReason'
    | 'disbursedAt'
    | 'repaidAt'
  >,
  parts: Pick<LoanParts, 'schedule' | 'certifications' | 'disbursementRequestedAt'>,
): LoanProgressShape {
  const next = parts.schedule.find((item) => item.status !== 'paid');
  return {
    certificationsRequired: loan.requiredCertifications,
    certifications: parts.certifications,
    underReviewAt: loan.underReviewAt?.toISOString() ?? null,
    decidedAt: loan.decidedAt?.toISOString() ?? null,
    rejectionReason: loan.rejectionReason,
    disbursementRequestedAt: parts.disbursementRequestedAt,
    disbursedAt: loan.disbursedAt?.toISOString() ?? null,
    repaidAt: loan.repaidAt?.toISOString() ?? null,
    instalmentsPaid: parts.schedule.filter((item) => item.status === 'paid').length,
    instalmentsTotal: parts.schedule.length,
    nextInstalment:
      next && loan.repaidAt === null
        ? {
            month: next.month,
            dueDate: next.dueDate,
            amount: koboToNaira(next.totalAmount - next.paidAmount),
          }
        : null,
  };
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
