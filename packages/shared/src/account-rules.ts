/**
 * The member's own account pages (docs/member-portal.md §2 Profile, Settings;
 * docs/business-rules.md): profile, settings, transaction history, statements and the data export.
 * Statuses, labels and the screens' texts, free of zod so the pages share them with the API without
 * downloading the validation library. The schemas are in users.ts, settings.ts and transactions.ts.
 */

/**
 * Profile texts (docs/member-portal.md §2 Profile, §8; docs/business-rules.md: only the phone is
 * the member's to change).
 */
export const PROFILE_MESSAGES = {
  notFound: 'Profile Not Found',
  invalidPhone: 'Please enter a valid Nigerian mobile number',
  phoneInUse: 'This phone number is already used by another member',
  phoneChangesPaused: (hours: number) =>
    `Too many phone numbers that are already in use. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
  updatedTitle: 'Profile updated',
  updated: 'Your phone number has been saved.',
  updateFailedTitle: 'Failed to update profile',
  administratorOnly:
    'To change your name, e-mail address or membership ID, please contact the administrator.',
} as const;

/** Statement downloads and the data export (decision 084: ten files in ten minutes). */
export const EXPORT_MESSAGES = {
  tooMany: (minutes: number) =>
    `You have downloaded many files in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** The change-password dialog's toasts (docs/member-portal.md §8 "Change password"). */
export const CHANGE_PASSWORD_MESSAGES = {
  successTitle: 'Password changed successfully',
  success: 'Your password has been updated.',
  failureTitle: 'Failed to change password',
  failure: 'Please try again.',
} as const;

/** Settings texts (docs/member-portal.md §2 Settings, §8). */
export const SETTINGS_MESSAGES = {
  notFound: 'Settings Not Found',
  savedTitle: 'Settings saved',
  saved: 'Your settings have been updated.',
  saveFailedTitle: 'Failed to save settings',
  /** SMS and push have no channel yet: their switches say so and stay off. */
  notAvailable: 'Not available yet',
  /**
   * Under the SMS switch (docs/business-rules.md "Text messages"): what is texted when it is on,
   * and that security texts go whatever it says.
   */
  smsDescription:
    'Texts to the phone number on your profile about deductions, guarantor requests, loan decisions and instalments due. Security texts (a new sign-in, a password or two-factor change) are always sent and cannot be turned off.',
} as const;

/**
 * The movements a statement lists: one per kind of ledger posting (docs/decisions/030-ledger.md).
 */
export const TRANSACTION_TYPES = [
  'contribution',
  'withdrawal',
  'loan_disbursement',
  'loan_repayment',
  'dividend',
  'fine_payment',
  'adjustment',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  contribution: 'Contribution',
  withdrawal: 'Withdrawal',
  loan_disbursement: 'Loan disbursement',
  loan_repayment: 'Loan repayment',
  dividend: 'Dividend',
  fine_payment: 'Fine payment',
  adjustment: 'Adjustment',
};

/** The member's three accounts in the ledger; each movement changes one of them. */
export const TRANSACTION_ACCOUNTS = ['savings', 'share_holding', 'loan'] as const;
export type TransactionAccount = (typeof TRANSACTION_ACCOUNTS)[number];

export const TRANSACTION_ACCOUNT_LABELS: Record<TransactionAccount, string> = {
  savings: 'Savings',
  share_holding: 'Share Holdings',
  loan: 'Loan',
};

/** Transaction history and statement texts. */
export const STATEMENT_MESSAGES = {
  historyTitle: 'Transaction History',
  statementTitle: 'Statement of Account',
  noTransactions: 'No transactions found',
  noTransactionsInPeriod: 'No transactions in this period',
  fetchFailed: 'Failed to fetch transactions',
  statementFailed: 'Failed to load statement',
  downloadFailed: 'Download failed',
  exportTitle: 'Export Data',
  exportFailed: 'Failed to export data',
} as const;

/** The longest period one statement covers: a member's whole decade fits; a runaway query does not. */
export const STATEMENT_MAX_DAYS = 3_700;

/** The change-password dialog's fields (docs/member-portal.md §2 Profile). */
export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
