/**
 * Error codes and the texts members see on failures (docs/member-portal.md §8), kept free of zod so
 * that the first screens a member loads do not download the validation library just to show a
 * message.
 */
import { FORGOT_PASSWORD_WAIT_MINUTES } from './constants.js';

/**
 * Every error code the API answers with, and its HTTP status (docs/member-portal.md §7). The API's
 * `DomainError` accepts only these codes and takes the status from here, so a code can never drift
 * from its status, and clients branch on a code the compiler knows.
 */
export const API_ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  COMMON_PASSWORD: 400,
  /** The new password contains the member's own details or a word about the cooperative. */
  CONTEXT_PASSWORD: 400,
  /** The new password is in the operator's breach corpus (BREACHED_PASSWORDS_FILE). */
  BREACHED_PASSWORD: 400,
  INVALID_ACTIVATION_TOKEN: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_CURRENT_PASSWORD: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  INVALID_TWO_FACTOR_CODE: 400,
  TWO_FACTOR_NOT_PENDING: 409,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MEMBER_EXISTS: 409,
  CONTRIBUTION_EXISTS: 409,
  CONTRIBUTION_BEFORE_JOINING: 409,
  CONTRIBUTION_NOT_PENDING: 409,
  CONTRIBUTION_NOT_DISPUTABLE: 409,
  INVALID_TRANSITION: 409,
  LEDGER_NEGATIVE_BALANCE: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  FINE_NOT_PENDING: 409,
  DIVIDEND_ALREADY_DECLARED: 409,
  WITHDRAWAL_NOT_ALLOWED: 409,
  WITHDRAWAL_PENDING_EXISTS: 409,
  WITHDRAWAL_INSUFFICIENT_BALANCE: 409,
  WITHDRAWAL_NOT_PENDING: 409,
  DEPOSIT_NOTICE_NOT_PENDING: 409,
  DEPOSIT_NOTICE_DUPLICATE: 409,
  // The employers' remittances (docs/decisions/157-payroll-remittances.md)
  PAYROLL_MONTH_NOT_POSTED: 409,
  REMITTANCE_ABOVE_OUTSTANDING: 409,
  REMITTANCE_DUPLICATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  TOO_MANY_REQUESTS: 429,
  TOO_MANY_ATTEMPTS: 429,
  ACCOUNT_LOCKED: 429,
  INTERNAL_ERROR: 500,
  NOT_READY: 503,
  /** Stopping, or the database could not serve the request in time: try again (Retry-After). */
  SERVICE_UNAVAILABLE: 503,
  /** Another member signs in with this phone number already. */
  PHONE_IN_USE: 409,
  // Back office (docs/decisions/070-back-office.md)
  CSV_REJECTED: 400,
  MEMBER_ALREADY_ACTIVATED: 409,
  CANNOT_SUSPEND_SELF: 409,
  CANNOT_CHANGE_OWN_FLAGS: 403,
  CONTRIBUTION_NOT_DISPUTED: 409,
  /* Loans and guarantees (docs/decisions/061-loans.md). */
  LOAN_NOT_ELIGIBLE: 409,
  LOAN_AMOUNT_ABOVE_MAXIMUM: 400,
  LOAN_AMOUNT_BELOW_FEES: 400,
  GUARANTOR_NOT_AVAILABLE: 409,
  GUARANTOR_LIMIT_REACHED: 409,
  GUARANTOR_INSUFFICIENT_BALANCE: 409,
  GUARANTOR_REQUEST_NOT_PENDING: 409,
  GUARANTOR_NOT_REASSIGNABLE: 409,
  INVALID_ACCEPTANCE_TOKEN: 400,
  LOAN_NOT_UNDER_REVIEW: 409,
  LOAN_ALREADY_CERTIFIED: 409,
  LOAN_CERTIFICATION_NOT_ALLOWED: 403,
  REPAYMENT_EXCEEDS_BALANCE: 400,
  /* Loans in the back office (docs/decisions/062-loan-back-office.md). */
  DISBURSEMENT_AWAITING_APPROVAL: 409,
  DISBURSEMENT_NOT_PENDING: 409,
  DISBURSEMENT_SELF_APPROVAL: 403,
  /* Officers use the back office only after a two-factor sign-in (docs/officers.md). */
  TWO_FACTOR_REQUIRED: 403,
  /** The officer certified, guarantees or borrowed the loan: another officer must act. */
  DISBURSEMENT_NOT_INDEPENDENT: 403,
  /* Two-person changes (docs/administrators.md "Approvals"). */
  PROPOSAL_SELF_APPROVAL: 403,
  PROPOSAL_ABOUT_YOU: 403,
  PROPOSAL_NOT_PENDING: 409,
  PROPOSAL_EXPIRED: 409,
  PROPOSAL_STALE: 409,
  CANNOT_CHANGE_OWN_ROLES: 403,
  /* The payroll cycle (docs/decisions/150-payroll-cycle.md). */
  /** The month's actuals are posted for the group: its schedule is final. */
  PAYROLL_MONTH_POSTED: 409,
  /** No member has an instruction in effect for the month. */
  NOTHING_TO_SCHEDULE: 409,
  /* Payroll deductions (docs/decisions/150-payroll-cycle.md). */
  PAYROLL_GROUP_EXISTS: 409,
  DEDUCTION_INSTRUCTION_MISSING: 409,
  DEDUCTION_CHANGE_OPEN: 409,
  DEDUCTION_CHANGE_UNCHANGED: 409,
  DEDUCTION_CHANGE_NOT_PENDING: 409,
  DEDUCTION_CHANGE_SELF_DECISION: 403,
} as const satisfies Record<string, number>;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** Codes the client sets itself, when no usable answer arrived. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  unknown: 'UNKNOWN_ERROR',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/**
 * What the client shows when an answer carries no usable message (docs/member-portal.md §8
 * Transport).
 */
export const ERROR_DEFAULTS = {
  noDetail: { error: 'Request failed', message: 'An error occurred' },
  network: {
    error: 'Network Error',
    message: 'Unable to connect to the server. Please check your internet connection.',
  },
  unknown: { error: 'Unknown Error', message: 'An unexpected error occurred' },
} as const;

/**
 * The client's message for a failed call when the server gave none (docs/member-portal.md §8
 * Fallback messages).
 */
export const FALLBACK_MESSAGES = {
  login: 'Login failed',
  activation: 'Account activation failed',
  fetchUser: 'Failed to fetch user',
  logout: 'Logout failed',
  changePassword: 'Password change failed',
  refreshToken: 'Token refresh failed',
  fetchDashboard: 'Failed to fetch dashboard data',
  fetchLoans: 'Failed to fetch loans',
  fetchEligibility: 'Failed to fetch eligibility',
  calculateLoan: 'Failed to calculate loan',
  fetchGuarantorRequests: 'Failed to fetch guarantor requests',
  fetchLoansUnderReview: 'Failed to fetch loans under review',
  fetchUsers: 'Failed to fetch users',
  searchUsers: 'Failed to search users',
  invalidResponse: 'Invalid response format',
  fetchFines: 'Failed to fetch fines',
  fetchDividends: 'Failed to fetch dividends',
  fetchNotifications: 'Failed to fetch notifications',
  fetchDeductions: 'Failed to fetch your payroll deductions',
  fetchDeductionMonths: 'Failed to fetch your payroll months',
} as const;

/** Messages the API answers with and the auth screens show (docs/member-portal.md §8 Screens). */
export const AUTH_MESSAGES = {
  noActivationToken: 'No activation token provided',
  invalidActivationToken: 'Invalid or expired activation token',
  activationFailed: 'Failed to activate account. Please try again.',
  tooManyAttempts: `Too many attempts. Please wait ${FORGOT_PASSWORD_WAIT_MINUTES} minutes before trying again.`,
  tooManyRequests: `Too many requests. Please wait ${FORGOT_PASSWORD_WAIT_MINUTES} minutes before trying again.`,
  /** The same answer whether or not the e-mail exists, so the form cannot reveal members. */
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  invalidResetToken: 'Invalid or expired reset token. Please request a new password reset link.',
  resetFailed: 'Failed to reset password. Please try again.',
  accountSuspended: 'Your account has been temporarily suspended and cannot access the system.',
} as const;
