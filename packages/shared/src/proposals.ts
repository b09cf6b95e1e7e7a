/**
 * Two-person changes (docs/administrators.md "Approvals"): what one officer proposes and a
 * DIFFERENT officer holding the right permission approves or rejects within 7 days.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from './date-schemas.js';
import { idSchema, successEnvelope } from './http.js';
import { formatKobo } from './money.js';
import { PROPOSAL_STATUSES } from './proposal-rules.js';
import { OFFICER_ROLE_LABELS, officerRoleSchema, type OfficerRole } from './officers.js';
import { REASON_RULES } from './reason-rules.js';

export const PROPOSAL_KINDS = [
  /** An officer's e-mail or phone (names may ride along). */
  'officer.details',
  /** Suspending or reactivating an officer. */
  'officer.status',
  /** Anyone's officer roles. */
  'officer.roles',
  /** An officer's loan reviewer or exco flag. */
  'officer.flags',
  /** Turning an officer's two-factor sign-in off. */
  'officer.two_factor_reset',
  /** Policy fields that govern a control (CONTROLLED_POLICY_FIELDS). */
  'policy.controls',
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

// The statuses, their tones and labels live zod-free in proposal-rules.ts.
export * from './proposal-rules.js';

/** A proposal nobody decided lapses after this long. */
export const PROPOSAL_LIFETIME_DAYS = 7;

/** Whether approving needs `officers.manage` (officers) or `policy.manage` (policy). */
export const proposalArea = (kind: ProposalKind): 'officers' | 'policy' =>
  kind === 'policy.controls' ? 'policy' : 'officers';

/**
 * The policy fields that govern a control: changing one is a two-person change. Everything else
 * in the policy (rates, fees, fine amounts and days) one officer with `policy.manage` saves.
 */
export const CONTROLLED_POLICY_FIELDS = {
  'disbursement.secondApprovalAboveKobo': 'Second approval above',
  'loan.requiredCertifications': 'Certifications required',
  'loan.maxRunningGuarantees': 'Running guarantees per member',
  'loan.maxLoanMultiplier': 'Loan limit (times savings)',
  'loan.minMembershipMonths': 'Membership before a loan (months)',
  'withdrawal.shareWithdrawalRequiresNoRunningLoan': 'Share withdrawal needs no running loan',
  'withdrawal.shareWithdrawalRequiresNoActiveGuarantee':
    'Share withdrawal needs no active guarantee',
  // It decides which members' changes no officer looks at.
  'payroll.autoApproveLimitKobo': 'Deduction changes approved by the policy up to',
} as const;
export type ControlledPolicyField = keyof typeof CONTROLLED_POLICY_FIELDS;

const OFFICER_FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phoneNumber: 'Phone',
  isActive: 'Status',
  roles: 'Roles',
  isLoanReviewer: 'Loan reviewer',
  isExco: 'Exco',
  twoFactor: 'Two-factor sign-in',
};

export const PROPOSAL_KIND_LABELS: Record<ProposalKind, string> = {
  'officer.details': 'Contact details',
  'officer.status': 'Status',
  'officer.roles': 'Officer roles',
  'officer.flags': 'Reviewer and exco flags',
  'officer.two_factor_reset': 'Reset two-factor sign-in',
  'policy.controls': 'Policy controls',
};

/** A field's label as the Approvals queue shows it. */
export function proposalFieldLabel(field: string): string {
  return (
    (CONTROLLED_POLICY_FIELDS as Record<string, string>)[field] ??
    OFFICER_FIELD_LABELS[field] ??
    field
  );
}

/** A value as the Approvals queue shows it: naira for kobo, role names, yes/no, "none". */
export function formatProposalValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field.endsWith('Kobo') && typeof value === 'number') return formatKobo(value);
  if (field === 'isActive') return value ? 'Active' : 'Suspended';
  if (field === 'twoFactor') return value ? 'On' : 'Off';
  if (field === 'roles' && Array.isArray(value)) {
    return value.length === 0
      ? 'Member only'
      : value.map((role) => OFFICER_ROLE_LABELS[role as OfficerRole] ?? String(role)).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && field === 'loan.maxLoanMultiplier') return `${value}×`;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const personSchema = z.object({ id: idSchema, name: z.string() });

export const proposalSchema = z.object({
  id: idSchema,
  kind: z.enum(PROPOSAL_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  /** The member the change is about; null for the policy. */
  target: personSchema.extend({ membershipId: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  proposedBy: personSchema,
  proposedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  decidedBy: personSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  /** Whether the officer asking may approve it (holds the permission, neither proposer nor target). */
  canApprove: z.boolean(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** GET /admin/proposals: pending (default) or decided, newest first, at most 100. */
export const proposalListQuerySchema = z.object({
  status: z.enum(['pending', 'decided']).default('pending'),
});
export type ProposalListQuery = z.infer<typeof proposalListQuerySchema>;
export const proposalListResponseSchema = successEnvelope(z.array(proposalSchema));
export const proposalResponseSchema = successEnvelope(proposalSchema);

export const rejectProposalSchema = z.strictObject({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(
      REASON_RULES.decision.min,
      `Give a reason of at least ${REASON_RULES.decision.min} characters`,
    )
    .max(REASON_RULES.decision.max, `At most ${REASON_RULES.decision.max} characters`),
});
export type RejectProposalInput = z.infer<typeof rejectProposalSchema>;

/** PUT /admin/users/{id}/roles: always a proposal. */
export const officerRolesInputSchema = z.strictObject({
  roles: z.array(officerRoleSchema).max(6),
});
export type OfficerRolesInput = z.infer<typeof officerRolesInputSchema>;

export const PROPOSAL_MESSAGES = {
  proposed: 'Proposed: another officer must approve this change before it takes effect',
  approved: 'Approved: the change has taken effect',
  rejected: 'Rejected: nothing was changed',
  selfApproval: 'You proposed this change: another officer must approve it',
  aboutYou: 'This change is about you: another officer must approve it',
  notPending: 'This proposal was already decided',
  expired: `This proposal expired after ${PROPOSAL_LIFETIME_DAYS} days: propose it again`,
  stale: 'The record changed after this was proposed: propose the change again',
  ownRoles: 'You cannot change your own roles: another officer must propose it',
} as const;
