/**
 * Loans without zod (spec §2 Loans page, §5, §8): the page's texts word for word, labels and
 * the wizard's checks, so the Loans page shares them with the API without downloading the
 * validation library. The schemas are in loans.ts.
 */
import {
  LOAN_PURPOSE_MAX_LENGTH,
  LOAN_PURPOSE_MIN_LENGTH,
  MAX_GUARANTORS,
  MAX_LOAN_AMOUNT_NAIRA,
  MIN_GUARANTORS,
} from './constants.js';
import { formatNaira, type Naira } from './money.js';

/**
 * Links that open one loan where the member acts on it (a pending action, a notification): their
 * own loan opened on My Loans, a guarantee found on Guarantor Requests, a loan to certify.
 */
export const LOAN_LINKS = {
  mine: (loanNumber: string) => `/loans?loan=${encodeURIComponent(loanNumber)}`,
  guaranteed: (loanNumber: string, status: 'pending' | 'accepted') =>
    `/loans?tab=guarantor-requests${status === 'accepted' ? '&status=accepted' : ''}&search=${encodeURIComponent(loanNumber)}`,
  toReview: (loanNumber: string) => `/loans?tab=loan-review&loan=${encodeURIComponent(loanNumber)}`,
} as const;

/**
 * 'Amount cannot exceed your maximum eligible amount of ₦1,200,000'. Rounded down to whole naira
 * so the message never promises more than the member may borrow.
 */
export function maxEligibleAmountMessage(maxEligibleAmount: Naira): string {
  return `Amount cannot exceed your maximum eligible amount of ${formatNaira(Math.floor(maxEligibleAmount))}`;
}

/** The loan amount's message (spec §5), or null when it is fine; `max` is the wizard's limit. */
export function loanAmountError(amount: number | null | undefined, max?: Naira): string | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'Amount is required';
  if (amount <= 0) return 'Amount must be a positive number';
  if (amount > MAX_LOAN_AMOUNT_NAIRA)
    return `Amount cannot exceed ${formatNaira(MAX_LOAN_AMOUNT_NAIRA)}`;
  if (max !== undefined && amount > max) return maxEligibleAmountMessage(max);
  return null;
}

/** The purpose's message (spec §5), or null. */
export function loanPurposeError(purpose: string): string | null {
  const trimmed = purpose.trim();
  if (trimmed === '') return 'Purpose is required';
  if (trimmed.length < LOAN_PURPOSE_MIN_LENGTH) {
    return `Purpose must be at least ${LOAN_PURPOSE_MIN_LENGTH} characters`;
  }
  if (trimmed.length > LOAN_PURPOSE_MAX_LENGTH) {
    return `Purpose cannot exceed ${LOAN_PURPOSE_MAX_LENGTH} characters`;
  }
  return null;
}

/** The guarantor count's message (spec §5), or null. */
export function guarantorCountError(count: number): string | null {
  if (count < MIN_GUARANTORS) return `You must select at least ${MIN_GUARANTORS} guarantors`;
  if (count > MAX_GUARANTORS) return `You can select a maximum of ${MAX_GUARANTORS} guarantors`;
  return null;
}

/** What the loans page says (spec §8 Loans, word for word) and the API's success messages. */
export const LOAN_MESSAGES = {
  requestSubmitted: 'Loan request submitted. Your guarantors have been notified.',
  guarantorAccepted: 'Guarantor request accepted successfully!',
  guarantorRejected: 'Guarantor request rejected successfully!',
  guarantorReassigned: 'Guarantor reassigned successfully',
  loanApproved: 'Loan approved successfully!',
  loanRejected: 'Loan rejected successfully!',
  acceptFailedTitle: 'Failed to accept request',
  rejectFailedTitle: 'Failed to reject request',
  acceptFailed: 'Failed to accept guarantor request. Please try again.',
  rejectFailed: 'Failed to reject guarantor request. Please try again.',
  approveFailedTitle: 'Failed to approve loan',
  rejectLoanFailedTitle: 'Failed to reject loan',
  unexpected: 'An unexpected error occurred',
  reassignFailed: 'Failed to reassign guarantor',
  noLoans: 'No loans found',
  noLoansYet: "You haven't requested any loans yet.",
  noGuarantorRequests: 'No guarantor requests found',
  noLoansUnderReview: 'No loans under review',
  noGuarantorsMatching: 'No guarantors found matching your search.',
  noAvailableGuarantors: 'No available guarantors found.',
  noUsers: 'No users available',
  eligible: 'Loan Eligible',
  notEligible: 'Loan Not Eligible',
  alreadyCertified: 'Already Certified',
  selectNewGuarantor: 'Please select a new guarantor',
} as const;

/** 'No loans with status Disbursed' (spec §2 My Loans empty state). */
export function noLoansWithStatusMessage(status: string): string {
  return `No loans with status ${loanStatusLabel(status)}`;
}

/** 'Under Review' for under_review, 'Pending' for pending… */
export function loanStatusLabel(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
