/**
 * Route → permission: what each back-office route requires (docs/officers.md, whose table a test
 * keeps equal to this one). Reads need `back_office.read` (the audit log and reconciliation
 * `audit.read`); every write names the permission of its duty. A back-office route missing here
 * stops the app at start, so no route is ever reachable by mere membership of the back office.
 */
import type { Permission } from '@coop/shared/officers';

export const BACK_OFFICE_ROUTE_PERMISSIONS: RoutePermissions = {
  // Whether an e-mail is taken, as the member form types it.
  'GET /api/v1/auth/check-email': 'members.manage',

  'GET /api/v1/admin/overview': 'back_office.read',
  'GET /api/v1/admin/audit': 'audit.read',
  'GET /api/v1/admin/audit/export.csv': 'audit.read',
  'GET /api/v1/admin/reconciliation': 'audit.read',
  'GET /api/v1/admin/reconciliation/export.csv': 'audit.read',
  'GET /api/v1/admin/reconciliation/export.pdf': 'audit.read',
  // Any officer may confirm a statement a bank or employer shows them.
  'GET /api/v1/admin/statements/verify': 'back_office.read',

  'GET /api/v1/admin/users': 'back_office.read',
  'GET /api/v1/admin/users/:id': 'back_office.read',
  'GET /api/v1/admin/users/:id/record': 'back_office.read',
  'POST /api/v1/admin/users': 'members.manage',
  'POST /api/v1/admin/users/import/preview': 'members.manage',
  'POST /api/v1/admin/users/import': 'members.manage',
  'PUT /api/v1/admin/users/:id': 'members.manage',
  'PUT /api/v1/admin/users/:id/flags': 'members.manage',
  'PUT /api/v1/admin/users/:id/roles': 'officers.manage',
  'POST /api/v1/admin/users/:id/suspend': 'members.manage',
  'POST /api/v1/admin/users/:id/reactivate': 'members.manage',
  'POST /api/v1/admin/users/:id/resend-activation': 'members.manage',
  'POST /api/v1/admin/users/:id/sessions/end': 'members.manage',
  'POST /api/v1/admin/users/:userId/two-factor/reset': 'members.manage',

  'POST /api/v1/admin/payroll/preview': 'payroll.import',
  'POST /api/v1/admin/payroll': 'payroll.import',
  // The employers' remittances (decision 157): the payroll officers record what was paid over;
  // the reconciliation of months is read as the rest of the reconciliation is.
  'POST /api/v1/admin/payroll/remittances': 'payroll.import',
  'GET /api/v1/admin/payroll/remittances': 'back_office.read',
  'GET /api/v1/admin/payroll/reconciliation': 'audit.read',
  // The deduction schedule: generating it is part of the payroll duty; reading it is reading.
  'POST /api/v1/admin/payroll/schedules': 'payroll.import',
  'GET /api/v1/admin/payroll/schedules': 'back_office.read',
  'GET /api/v1/admin/payroll/schedules/:id': 'back_office.read',
  'GET /api/v1/admin/payroll/schedules/:id/lines': 'back_office.read',
  'GET /api/v1/admin/payroll/schedules/:id/export.csv': 'back_office.read',
  'GET /api/v1/admin/payroll/schedules/:id/export.pdf': 'back_office.read',
  // Who deducts for members and what they are told to deduct: the payroll officers' duty.
  'GET /api/v1/admin/payroll/groups': 'back_office.read',
  'POST /api/v1/admin/payroll/groups': 'payroll.import',
  'PUT /api/v1/admin/payroll/groups/:id': 'payroll.import',
  'GET /api/v1/admin/payroll/instructions': 'back_office.read',
  'GET /api/v1/admin/payroll/instructions/:userId': 'back_office.read',
  'PUT /api/v1/admin/payroll/instructions/:userId': 'payroll.import',
  'GET /api/v1/admin/payroll/change-requests': 'back_office.read',
  'POST /api/v1/admin/payroll/change-requests/:id/approve': 'payroll.import',
  'POST /api/v1/admin/payroll/change-requests/:id/reject': 'payroll.import',

  'GET /api/v1/admin/contributions/disputes': 'back_office.read',
  'POST /api/v1/admin/contributions/:id/resolve': 'disputes.resolve',

  'GET /api/v1/admin/loans': 'back_office.read',
  'GET /api/v1/admin/loans/:id': 'back_office.read',
  'POST /api/v1/admin/loans/:id/disburse': 'loans.disburse',
  'POST /api/v1/admin/loans/:id/disbursement/approve': 'loans.approve_disbursement',
  'POST /api/v1/admin/loans/:id/disbursement/reject': 'loans.approve_disbursement',
  'POST /api/v1/admin/loans/:id/repayments': 'loans.repayments',
  'POST /api/v1/admin/loans/:id/default': 'loans.repayments',

  'GET /api/v1/admin/withdrawals': 'back_office.read',
  'POST /api/v1/admin/withdrawals/:id/approve': 'withdrawals.decide',
  'POST /api/v1/admin/withdrawals/:id/reject': 'withdrawals.decide',

  'GET /api/v1/admin/deposit-notices': 'back_office.read',
  'POST /api/v1/admin/deposit-notices/:id/verify': 'deposit_notices.decide',
  'POST /api/v1/admin/deposit-notices/:id/reject': 'deposit_notices.decide',

  'GET /api/v1/admin/fines': 'back_office.read',
  'POST /api/v1/admin/fines': 'fines.manage',
  'POST /api/v1/admin/fines/:id/waive': 'fines.manage',
  'POST /api/v1/admin/fines/:id/pay': 'fines.manage',

  'GET /api/v1/admin/dividends': 'back_office.read',
  'GET /api/v1/admin/dividends/:year': 'back_office.read',
  'GET /api/v1/admin/dividends/:year/rows': 'back_office.read',
  'POST /api/v1/admin/dividends/preview': 'dividends.manage',
  'POST /api/v1/admin/dividends': 'dividends.manage',
  'POST /api/v1/admin/dividends/:year/pay': 'dividends.manage',

  // A job's status: the service shows only the caller's own jobs.
  'GET /api/v1/admin/jobs/:id': 'back_office.read',

  'GET /api/v1/admin/policy': 'back_office.read',
  'PUT /api/v1/admin/policy': 'policy.manage',

  // Texts that failed or are being retried (read only; numbers masked).
  'GET /api/v1/admin/text-messages': 'back_office.read',

  // Two-person changes: each area's proposals are decided by holders of its permission.
  'GET /api/v1/admin/proposals': 'back_office.read',
  'POST /api/v1/admin/proposals/officers/:id/approve': 'officers.manage',
  'POST /api/v1/admin/proposals/officers/:id/reject': 'officers.manage',
  'POST /api/v1/admin/proposals/policy/:id/approve': 'policy.manage',
  'POST /api/v1/admin/proposals/policy/:id/reject': 'policy.manage',
};

export type RoutePermissions = Readonly<Record<string, Permission>>;

/** The permission a back-office route requires; HEAD is the GET's. Undefined when unlisted. */
export function routePermission(
  method: string,
  url: string,
  table: RoutePermissions = BACK_OFFICE_ROUTE_PERMISSIONS,
): Permission | undefined {
  return table[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
