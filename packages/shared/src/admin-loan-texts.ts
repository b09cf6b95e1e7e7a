/**
 * Loans in the back office (issue 9 item 6): the constants and messages the web shows, without
 * zod, so the admin pages import them at run time (the schemas live in admin-loans.ts).
 */
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

export const DISBURSEMENT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

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

export const ADMIN_LOAN_REASON_MIN_LENGTH = 10;
export const ADMIN_LOAN_REASON_MAX_LENGTH = 500;

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
