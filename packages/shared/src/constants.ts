/**
 * Business constants and limits of docs/member-portal.md §9, each with its unit in the name. Values
 * that the cooperative may tune (interest, fees, eligibility) live in the admin-editable policy
 * (`policy.ts`), not here: these are the product's fixed rules and display settings.
 */
import { REASON_RULES } from './reason-rules.js';

export const API_TIMEOUT_MS = 30_000;

export const CURRENCY = 'NGN';
export const LOCALE = 'en-NG';
/**
 * The cooperative's time zone (West Africa Time, UTC+1 all year). Timestamps are shown, and
 * "today" is decided, in this zone so a member abroad and the server agree on dates.
 */
export const COOPERATIVE_TIME_ZONE = 'Africa/Lagos';

export const MAX_LOAN_AMOUNT_NAIRA = 50_000_000;
/**
 * The largest amount any one entry or filter may carry (a deposit, a withdrawal, a fine, a payroll
 * row, a policy amount, a list's minAmount/maxAmount), as large as the largest loan. Far below
 * where a count of kobo stops being an exact JavaScript integer (about ₦90 trillion), so sums of
 * many such amounts stay exact.
 */
export const MAX_AMOUNT_NAIRA = 50_000_000;
export const AMOUNT_TOO_LARGE = 'Amount cannot exceed ₦50,000,000';
/** Step of the loan amount input (the schema accepts any amount to the kobo). */
export const LOAN_AMOUNT_STEP_NAIRA = 1000;
export const REPAYMENT_TERMS_MONTHS = [6, 12, 18] as const;
export type RepaymentTermMonths = (typeof REPAYMENT_TERMS_MONTHS)[number];
export const DEFAULT_REPAYMENT_TERM_MONTHS: RepaymentTermMonths = 6;
export const LOAN_PURPOSE_MIN_LENGTH = 10;
export const LOAN_PURPOSE_MAX_LENGTH = 500;
export const MIN_GUARANTORS = 2;
export const MAX_GUARANTORS = 4;
export const GUARANTOR_SEARCH_DEBOUNCE_MS = 300;
/** Fraction of the list scrolled at which the next page of guarantor candidates loads. */
export const INFINITE_SCROLL_TRIGGER = 0.8;
export const LOAN_REVIEW_TIME_MESSAGE = '2-3 business days';

export const DISPUTE_REASON_MIN_LENGTH = REASON_RULES.dispute.min;
export const DISPUTE_REASON_MAX_LENGTH = REASON_RULES.dispute.max;
/** Free-text notes and reasons (guarantor rejection, review note, withdrawal reason). */
export const NOTE_MAX_LENGTH = 500;
/** An officer's reason to reject a withdrawal or a deposit notice, or to waive a fine. */
export const ADMIN_DECISION_REASON_MIN_LENGTH = REASON_RULES.decision.min;
export const ADMIN_DECISION_REASON_MAX_LENGTH = REASON_RULES.decision.max;

/**
 * Applies to activation, reset and (8 rather than 6, like the others: docs/security.md) password
 * change.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for passphrases, short enough that hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const FORGOT_PASSWORD_MAX_ATTEMPTS = 3;
export const FORGOT_PASSWORD_WAIT_MINUTES = 15;
export const RESET_LINK_VALIDITY_HOURS = 1;
export const ACTIVATION_LINK_VALIDITY_DAYS = 7;

/*
 * Session lifetimes and brute-force limits (docs/security.md, docs/decisions/020-auth-rules.md).
 * The API enforces them and the screens quote them, so they live here once.
 */
export const ACCESS_TOKEN_TTL_MINUTES = 15;
/** A sign-in lasts at most this long; rotating the refresh token never extends it. */
export const REFRESH_FAMILY_LIFETIME_DAYS = 30;
/**
 * Checked guesses per window: each sign-in budget (one per account for sources it does not know,
 * one per known device, one per signed-in session) holds this many wrong guesses in the window,
 * then rests for SIGN_IN_LOCKOUT_MINUTES. No doubling: an attacker cannot stretch it to a day
 * (docs/decisions/093-sign-in-budgets-instead-of-account-lockout.md).
 */
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;
export const SIGN_IN_LOCKOUT_MINUTES = 15;
/** How long a browser stays a known device after its last successful sign-in. */
export const KNOWN_DEVICE_DAYS = 180;
/** Failures from one address in the window; wide enough for an office behind one address. */
export const SIGN_IN_IP_FAILURE_LIMIT = 100;
/** Forgot-password requests from one address in the FORGOT_PASSWORD_WAIT_MINUTES window. */
export const FORGOT_PASSWORD_IP_LIMIT = 30;
/** How long the API keeps an Idempotency-Key and the answer it replays. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const CONTRIBUTIONS_DEFAULT_QUERY = {
  page: 1,
  limit: 25,
  sortBy: 'contributionDate',
  sortOrder: 'desc',
} as const;
export const CONTRIBUTIONS_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const MAX_PAGE_BUTTONS = 7;
export const USER_LIST_PAGE_SIZE = 50;
/** Longest free-text search accepted by list queries; longer input cannot match anything useful. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Default sort of every list (docs/member-portal.md §9): all descending except the admin user list.
 */
export const DEFAULT_SORTS = {
  loans: { sortBy: 'requestDate', sortOrder: 'desc' },
  guarantorRequests: { sortBy: 'invitationDate', sortOrder: 'desc' },
  loansUnderReview: { sortBy: 'createdAt', sortOrder: 'desc' },
  fines: { sortBy: 'fineDate', sortOrder: 'desc' },
  dividends: { sortBy: 'paymentDate', sortOrder: 'desc' },
  notifications: { sortBy: 'createdAt', sortOrder: 'desc' },
  withdrawals: { sortBy: 'requestDate', sortOrder: 'desc' },
  contributions: { sortBy: 'contributionDate', sortOrder: 'desc' },
  users: { sortBy: 'firstName', sortOrder: 'asc' },
} as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH_DESKTOP_PX = 256;
export const SIDEBAR_WIDTH_MOBILE_PX = 320;
export const TOP_BAR_NOTIFICATIONS_QUERY = { page: 1, limit: 10 } as const;

/** date-fns patterns, kept for the web's date pickers; `dates.ts` formats without date-fns. */
export const DISPLAY_DATE_FORMAT = 'MMM dd, yyyy';
export const FILTER_DATE_FORMAT = 'yyyy-MM-dd';

/** Typed as plain booleans (not literals) so the defaults can seed editable settings state. */
export const DEFAULT_SETTINGS: Readonly<{
  emailNotifications: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  darkMode: boolean;
  findableByPhone: boolean;
}> = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  darkMode: false,
  findableByPhone: true,
};

/**
 * The roles members and officers have (docs/member-portal.md §6, docs/officers.md): 'admin' is any
 * officer, derived from the officer's roles (docs/officers.md); flags such as loan reviewer are
 * separate.
 */
export const USER_ROLES = ['user', 'admin'] as const;

/**
 * A posted contribution is to be confirmed within this many days of its deduction
 * (docs/decisions/040-dashboard-and-member-money.md).
 */
export const CONTRIBUTION_CONFIRM_WITHIN_DAYS = 14;
