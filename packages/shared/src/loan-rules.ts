/**
 * Loans without zod (docs/member-portal.md §2 Loans page, §5, §8): statuses, transitions, tones and
 * labels, the page's texts word for word and the back office's loan texts,
 * so the Loans pages share them with the API without downloading the validation library. The
 * schemas are in loans.ts.
 */
import { formatNaira, type Naira } from './money.js';
import {
  statusWords,
  type StatusDisplay,
  type StatusLabelMap,
  type StatusToneMap,
} from './status-tones.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';
import { REASON_RULES } from './reason-rules.js';
import { LOAN_STATUS_LABELS, type LoanStatus } from './loan-statuses.js';

export {
  LOAN_STATUSES,
  LOAN_STATUS_DISPLAY,
  LOAN_STATUS_LABELS,
  LOAN_STATUS_TONES,
  type LoanStatus,
} from './loan-statuses.js';

/**
 * pending: waiting for guarantors (all accepting moves it under review, one rejecting can be
 * replaced, the borrower or an administrator can reject it); under_review: reviewers certify;
 * approved: the administrator disburses (or rejects, e.g. the member left); disbursed: repaid
 * at zero balance or defaulted; a defaulted loan can still be repaid in full.
 */
export const LOAN_TRANSITIONS: TransitionTable<LoanStatus> = {
  pending: ['under_review', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: ['disbursed', 'rejected'],
  rejected: [],
  disbursed: ['repaid', 'defaulted'],
  repaid: [],
  defaulted: ['repaid'],
};

export function canTransitionLoan(from: LoanStatus, to: LoanStatus) {
  return canTransition(LOAN_TRANSITIONS, from, to);
}

/**
 * A loan in progress: while one exists the member cannot request another (docs/business-rules.md).
 */
export const OPEN_LOAN_STATUSES = [
  'pending',
  'under_review',
  'approved',
  'disbursed',
] as const satisfies readonly LoanStatus[];

export const GUARANTOR_STATUSES = ['pending', 'accepted', 'rejected'] as const;
/**
 * Days a guarantor is expected to answer within (docs/business-rules.md "What's next"): shown as
 * the request's deadline on the dashboard; nothing happens when it passes (the borrower may
 * reassign once the guarantor declines, never before).
 */
export const GUARANTOR_ANSWER_WITHIN_DAYS = 7;
export type GuarantorStatus = (typeof GUARANTOR_STATUSES)[number];
/** A guarantor's answer; the back office also shows one the borrower replaced. */
export const GUARANTOR_STATUS_TONES: StatusToneMap<GuarantorStatus | 'replaced'> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
  replaced: 'muted',
};
export const GUARANTOR_STATUS_LABELS: StatusLabelMap<GuarantorStatus | 'replaced'> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  replaced: 'Replaced',
};

/** What a guarantor status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const GUARANTOR_STATUS_DISPLAY: StatusDisplay<GuarantorStatus | 'replaced'> = {
  tones: GUARANTOR_STATUS_TONES,
  labels: GUARANTOR_STATUS_LABELS,
};

/** Status of one instalment; an unpaid one past its due date is overdue. */
export const SCHEDULE_ITEM_STATUSES = ['pending', 'partial', 'paid', 'overdue'] as const;
export type ScheduleItemStatus = (typeof SCHEDULE_ITEM_STATUSES)[number];
/** docs/member-portal.md §4: paid, partial, overdue, else pending (shown yellow). */
export const SCHEDULE_ITEM_STATUS_TONES: StatusToneMap<ScheduleItemStatus> = {
  pending: 'warning',
  partial: 'info',
  paid: 'success',
  overdue: 'danger',
};
export const SCHEDULE_ITEM_STATUS_LABELS: StatusLabelMap<ScheduleItemStatus> = {
  pending: 'Pending',
  partial: 'Partial',
  paid: 'Paid',
  overdue: 'Overdue',
};

/** What a schedule item status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const SCHEDULE_ITEM_STATUS_DISPLAY: StatusDisplay<ScheduleItemStatus> = {
  tones: SCHEDULE_ITEM_STATUS_TONES,
  labels: SCHEDULE_ITEM_STATUS_LABELS,
};

export const REPAYMENT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];
export const REPAYMENT_STATUS_TONES: StatusToneMap<RepaymentStatus> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'danger',
};
export const REPAYMENT_STATUS_LABELS: StatusLabelMap<RepaymentStatus> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
};

/** What a repayment status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const REPAYMENT_STATUS_DISPLAY: StatusDisplay<RepaymentStatus> = {
  tones: REPAYMENT_STATUS_TONES,
  labels: REPAYMENT_STATUS_LABELS,
};

export const CERTIFICATION_DECISIONS = ['approve', 'reject'] as const;
export type CertificationDecision = (typeof CERTIFICATION_DECISIONS)[number];
/** A reviewer's certification, as the loan's history shows it. */
export const CERTIFICATION_DECISION_TONES: StatusToneMap<CertificationDecision> = {
  approve: 'success',
  reject: 'danger',
};
export const CERTIFICATION_DECISION_LABELS: StatusLabelMap<CertificationDecision> = {
  approve: 'Approved',
  reject: 'Rejected',
};

/** What a certification decision badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const CERTIFICATION_DECISION_DISPLAY: StatusDisplay<CertificationDecision> = {
  tones: CERTIFICATION_DECISION_TONES,
  labels: CERTIFICATION_DECISION_LABELS,
};

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

/**
 * What the loans page says (docs/member-portal.md §8 Loans, word for word) and the API's success
 * messages.
 */
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
  /** What cannot be undone, said in the dialog before it is done (decision 163). */
  guaranteeIrreversible:
    'This cannot be undone: once you accept, the guarantee stays frozen until the loan is repaid.',
  guaranteeAboveAvailable:
    'Your available savings are below the guarantee amount, so accepting will be refused.',
  loanRequestIrreversible:
    'Once submitted, the request cannot be withdrawn: your guarantors are asked at once.',
  /** Under every repayment schedule: what its Balance column counts. */
  scheduleBalance: 'Balance is what is left to repay after each instalment, interest included.',
} as const;

/** 'No loans with status Disbursed' (docs/member-portal.md §2 My Loans empty state). */
export function noLoansWithStatusMessage(status: string): string {
  return `No loans with status ${loanStatusLabel(status)}`;
}

/** 'Under Review' for under_review, 'Pending' for pending… */
export function loanStatusLabel(status: string): string {
  return (LOAN_STATUS_LABELS as Record<string, string>)[status] ?? statusWords(status);
}

/* ------------------------------------------------------------------ back office */

export const DISBURSEMENT_METHODS = ['bank_transfer', 'cash', 'cheque'] as const;
export type DisbursementMethod = (typeof DISBURSEMENT_METHODS)[number];
export const DISBURSEMENT_METHOD_LABELS: Record<DisbursementMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
};

/** A manual repayment comes by bank transfer or cash; payroll repayments come with the payroll. */
export const MANUAL_REPAYMENT_METHODS = ['bank_transfer', 'cash'] as const;
export const REPAYMENT_METHOD_LABELS: Record<'payroll' | 'bank_transfer' | 'cash', string> = {
  payroll: 'Payroll',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
};

/** A disbursement above the two-signature limit waits for a second administrator's decision. */
export const DISBURSEMENT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DisbursementRequestStatus = (typeof DISBURSEMENT_REQUEST_STATUSES)[number];
export const DISBURSEMENT_REQUEST_STATUS_TONES: StatusToneMap<DisbursementRequestStatus> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};
export const DISBURSEMENT_REQUEST_STATUS_LABELS: StatusLabelMap<DisbursementRequestStatus> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** What a disbursement request status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const DISBURSEMENT_REQUEST_STATUS_DISPLAY: StatusDisplay<DisbursementRequestStatus> = {
  tones: DISBURSEMENT_REQUEST_STATUS_TONES,
  labels: DISBURSEMENT_REQUEST_STATUS_LABELS,
};

/** The pipeline's status filter: a loan status, or approved loans waiting for a second admin. */
export const ADMIN_LOAN_STATUS_FILTERS = [
  'pending',
  'under_review',
  'approved',
  'awaiting_second_approval',
  'rejected',
  'disbursed',
  'repaid',
  'defaulted',
] as const;
export type AdminLoanStatusFilter = (typeof ADMIN_LOAN_STATUS_FILTERS)[number];

export const ADMIN_LOAN_REASON_MIN_LENGTH = REASON_RULES.loanDecision.min;
export const ADMIN_LOAN_REASON_MAX_LENGTH = REASON_RULES.loanDecision.max;

export const REPAYMENT_MAX_NAIRA = 50_000_000;

export const ADMIN_LOAN_MESSAGES = {
  disbursed: (loanNumber: string) => `Loan ${loanNumber} was disbursed`,
  awaitingApproval: (loanNumber: string) =>
    `Loan ${loanNumber} is above the two-signature limit: another administrator must approve the disbursement`,
  disbursementRejected: (loanNumber: string) =>
    `The disbursement of loan ${loanNumber} was rejected`,
  repaymentRecorded: (loanNumber: string) => `The repayment on loan ${loanNumber} was recorded`,
  defaulted: (loanNumber: string) => `Loan ${loanNumber} was marked defaulted`,
  selfApproval:
    'You requested this disbursement: another administrator must approve it (maker-checker)',
  notIndependent:
    'You borrowed, guarantee or certified this loan: another officer must disburse or approve it',
} as const;
