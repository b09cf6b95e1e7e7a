/**
 * Every route of docs/member-portal.md §2's route table, in one place so links and redirects cannot
 * drift.
 */
export const paths = {
  home: '/',
  index: '/index',
  login: '/auth/login',
  activate: '/auth/activate',
  activateAlias: '/activate-account',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard',
  contributions: '/contributions',
  loans: '/loans',
  withdrawals: '/withdrawals',
  dividends: '/dividends',
  fines: '/fines',
  /** The member's payroll deduction instruction and posted months (docs/business-rules.md). */
  deductions: '/deductions',
  notifications: '/notifications',
  profile: '/profile',
  settings: '/settings',
  settingsTwoFactor: '/settings/two-factor',
  settingsLoginHistory: '/settings/login-history',
  unauthorized: '/unauthorized',
  accountSuspended: '/account-suspended',
  newWithdrawal: '/withdrawals/new',
  // The member's own account (docs/decisions/051-account-pages.md); the dashboard's quick
  // actions and 'View All' open these.
  transactions: '/transactions',
  statement: '/reports/statement',
  profileExport: '/profile/export',
  /** The top bar's search: the member's loans and transactions by ID, purpose or amount. */
  search: '/search',
  makeContribution: '/contributions/new',
  // The back office (docs/decisions/070-back-office.md), administrators only.
  admin: '/admin',
  adminMembers: '/admin/members',
  adminMemberImport: '/admin/members/import',
  adminMember: '/admin/members/:id',
  adminPayroll: '/admin/payroll',
  /** The deduction schedule out: what each payroll group is told to deduct for a month. */
  adminPayrollSchedule: '/admin/payroll/schedule',
  /** Members' deduction change requests waiting for an officer (docs/administrators.md). */
  adminPayrollChangeRequests: '/admin/payroll/change-requests',
  adminDisputes: '/admin/disputes',
  adminAudit: '/admin/audit',
  adminTextMessages: '/admin/text-messages',
  adminReconciliation: '/admin/reconciliation',
  adminDividends: '/admin/dividends',
  adminPolicy: '/admin/policy',
  adminApprovals: '/admin/approvals',
  adminWithdrawals: '/admin/withdrawals',
  adminDepositNotices: '/admin/deposit-notices',
  adminFines: '/admin/fines',
  adminLoans: '/admin/loans',
  adminLoan: '/admin/loans/:id',
  /** Checking a statement's verification code (docs/administrators.md). */
  adminStatementCheck: '/admin/statements/verify',
  /** The back office's top-bar search: members and loans of the cooperative. */
  adminSearch: '/admin/search',
  /** The spec's name for the members list; it redirects there. */
  adminUsers: '/admin/users',
  /** Dashboard quick actions that open the loans page's wizard or reassign dialog. */
  loansNew: '/loans/new',
  guaranteesInvite: '/guarantees/invite',
} as const;

/** A list page opened on a search: '/loans?search=LN-000001'. */
export const searchPath = (path: string, term: string) =>
  `${path}?${new URLSearchParams({ search: term }).toString()}`;

/** The back office's page of one member. */
export const adminMemberPath = (id: string) => `/admin/members/${encodeURIComponent(id)}`;
export const adminLoanPath = (id: string) => `/admin/loans/${encodeURIComponent(id)}`;
