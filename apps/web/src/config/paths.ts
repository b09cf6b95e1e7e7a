/** Every route of spec §2's route table, in one place so links and redirects cannot drift. */
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
} as const;
