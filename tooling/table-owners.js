// Who owns each table of apps/api/src/db/schema (docs/architecture.md "Table owners"). The owner
// alone imports the table: it writes it and answers every other module's question about it
// through its service file. The read models may read any table and write none. Enforced by
// boundaries/table-owners (tooling/eslint-plugin-boundaries.js); a new table needs a line here.

/** Table (its export name in db/schema) → the folder that owns it. */
export const TABLE_OWNERS = {
  users: 'modules/members',
  userSettings: 'modules/members',
  refreshTokens: 'modules/sessions',
  passwordResetRequests: 'modules/auth',
  signInAttempts: 'modules/credentials',
  signInLocks: 'modules/credentials',
  twoFactorSecrets: 'modules/two-factor',
  twoFactorRecoveryCodes: 'modules/two-factor',
  loginEvents: 'modules/login-history',
  ledgerTransactions: 'modules/ledger',
  ledgerEntries: 'modules/ledger',
  memberBalances: 'modules/ledger',
  memberBalanceDays: 'modules/ledger',
  memberHolds: 'modules/ledger',
  contributions: 'modules/contributions',
  loans: 'modules/loans',
  loanGuarantors: 'modules/loans',
  loanCertifications: 'modules/loans',
  loanScheduleItems: 'modules/loans',
  loanRepayments: 'modules/loans',
  loanDisbursementRequests: 'modules/loans',
  withdrawals: 'modules/withdrawals',
  dividends: 'modules/dividends',
  fines: 'modules/fines',
  notifications: 'modules/notifications',
  depositNotices: 'modules/deposit-notices',
  policy: 'modules/policy',
  proposals: 'modules/proposals',
  // Written with the PDF statement it certifies; the back office reads it to check a code.
  statementCertificates: 'modules/account',
  payrollGroups: 'modules/payroll',
  deductionInstructions: 'modules/payroll',
  deductionChangeRequests: 'modules/payroll',
  payrollSchedules: 'modules/payroll',
  payrollScheduleLines: 'modules/payroll',
  payrollDeductions: 'modules/payroll',
  payrollRemittances: 'modules/payroll',
  // Cross-cutting machinery of lib/: the audit trail, the outbox, jobs, tokens, limits, replays.
  auditLog: 'lib',
  emailOutbox: 'lib',
  smsOutbox: 'lib',
  scheduledJobs: 'lib',
  oneTimeTokens: 'lib',
  rateLimitEvents: 'lib',
  idempotencyKeys: 'lib',
  officerJobs: 'lib',
  // Member reads kept at write time (decision 179): the change feed the database's triggers write,
  // and the kept answers.
  memberDataChanges: 'lib',
  memberReadCache: 'lib',
};

/**
 * The read models: they answer questions that span the domains (what a member sees on the
 * dashboard; statements and the data export; reconciliation, the audit log and the member
 * record), so they may read any table, and write none.
 */
export const READ_MODELS = {
  'modules/dashboard': 'the member dashboard',
  'modules/account': 'statements and the data export',
  'modules/back-office': 'reconciliation and the audit log',
};

/**
 * Today's exceptions, each a table read (or, for a read model, written) outside its owner. This
 * list only shrinks: moving a read behind the owner's service removes its line, and the rule
 * refuses any table not listed here.
 */
export const KNOWN_VIOLATIONS = {
  cli: ['users'],
  demo: ['emailOutbox', 'notifications', 'users'],
  lib: ['refreshTokens', 'signInAttempts', 'users'],
  plugins: ['emailOutbox', 'refreshTokens', 'users'],
  'modules/account': ['users', 'userSettings'],
  'modules/contributions': ['users'],
  'modules/deposit-notices': ['users'],
  'modules/dividends': ['users'],
  'modules/fines': ['users'],
  'modules/loans': ['userSettings', 'users'],
  'modules/notifications': ['userSettings', 'users'],
  'modules/sessions': ['users'],
  'modules/withdrawals': ['users'],
};
