/**
 * Officers' roles and the one permission catalogue (docs/officers.md). Every account is a member;
 * an account may also hold officer roles, and each role is a set of permissions. The API checks
 * every back-office route against this catalogue; the web app hides what a role cannot do.
 */
import { z } from 'zod';

/** The officers a cooperative's bye-laws name, and the loan officer. */
export const OFFICER_ROLES = [
  'president',
  'secretary',
  'treasurer',
  'financial_secretary',
  'auditor',
  'loan_officer',
] as const;
export const officerRoleSchema = z.enum(OFFICER_ROLES);
export type OfficerRole = z.infer<typeof officerRoleSchema>;

export const OFFICER_ROLE_LABELS: Record<OfficerRole, string> = {
  president: 'President',
  secretary: 'Secretary',
  treasurer: 'Treasurer',
  financial_secretary: 'Financial secretary',
  auditor: 'Auditor',
  loan_officer: 'Loan officer',
};

/** Every permission, with what it lets an officer do (the table in docs/officers.md). */
export const PERMISSION_DESCRIPTIONS = {
  'back_office.read': 'See every back-office page (members, loans, money, policy)',
  'audit.read': 'See and export the audit log and the reconciliation report',
  'members.manage': 'Register and import members, change their details, status and flags',
  'officers.manage': "Propose and approve changes to officers' roles, details and two-factor",
  'payroll.import': "Import payroll deductions and record the employers' remittances",
  'disputes.resolve': 'Resolve contribution disputes',
  'loans.disburse': 'Disburse a loan (the maker)',
  'loans.approve_disbursement': "Approve or reject another officer's disbursement (the checker)",
  'loans.repayments': 'Record loan repayments and mark loans in default',
  'withdrawals.decide': 'Approve or reject withdrawals',
  'deposit_notices.decide': 'Verify or reject deposit notices',
  'fines.manage': 'Impose, waive and record payment of fines',
  'dividends.manage': 'Declare and pay dividends',
  'policy.manage': "Change the cooperative's policy",
} as const;
export type Permission = keyof typeof PERMISSION_DESCRIPTIONS;
export const PERMISSIONS = Object.keys(PERMISSION_DESCRIPTIONS) as Permission[];

/**
 * Which role holds which permission. The president holds every one, so an installation whose
 * single administrator became its president loses nothing; separation of duties binds people
 * (the checker is never the maker), not roles. The auditor only reads.
 */
export const ROLE_PERMISSIONS: Record<OfficerRole, readonly Permission[]> = {
  president: PERMISSIONS,
  // The secretary keeps the register and the cooperative's resolutions: with the president, the
  // second officer who can approve a change to officers or to the policy's controls.
  secretary: [
    'back_office.read',
    'audit.read',
    'members.manage',
    'officers.manage',
    'disputes.resolve',
    'policy.manage',
  ],
  treasurer: [
    'back_office.read',
    'audit.read',
    'payroll.import',
    'loans.disburse',
    'loans.approve_disbursement',
    'loans.repayments',
    'withdrawals.decide',
    'deposit_notices.decide',
    'dividends.manage',
  ],
  financial_secretary: [
    'back_office.read',
    'audit.read',
    'payroll.import',
    'disputes.resolve',
    'loans.repayments',
    'deposit_notices.decide',
    'fines.manage',
  ],
  auditor: ['back_office.read', 'audit.read'],
  loan_officer: ['back_office.read', 'loans.disburse', 'loans.repayments'],
};

/** Whether someone holding `roles` may do what `permission` allows. */
export function hasPermission(roles: readonly OfficerRole[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** An officer is anyone holding at least one officer role: they see the back office. */
export const isOfficer = (roles: readonly OfficerRole[]): boolean => roles.length > 0;
