import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { auditLog, users } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { actorIdOf, type Actor } from './actor.js';
import { chunks } from './chunks.js';

/**
 * Every action the audit trail records (docs/security.md "V16 Security Logging and Error
 * Handling"), in the past tense: what happened. A use case can only write one of these, so the
 * trail's vocabulary stays searchable.
 */
export const AUDIT_ACTIONS = [
  'auth.login.succeeded',
  'auth.login.failed',
  'auth.login.refused',
  'auth.logout',
  'auth.refresh.reuse_detected',
  'auth.account_activated',
  'auth.password_change.completed',
  'auth.password_change.failed',
  'auth.password_reset.requested',
  'auth.password_reset.completed',
  'authorization.denied',
  'member.created',
  'member.suspended',
  'member.reinstated',
  'contribution.recorded',
  'contribution.confirmed',
  'contribution.disputed',
  'announcement.sent',
  'loan.requested',
  'loan.guarantor_accepted',
  'loan.guarantor_rejected',
  'loan.guarantor_reassigned',
  'loan.under_review',
  'loan.certified',
  'loan.approved',
  'loan.rejected',
  'loan.disbursed',
  'loan.repayment_recorded',
  'loan.repaid',
  'loan.defaulted',
  'loan.instalments_overdue',
  'fine.issued',
  'fine.waived',
  'fine.paid',
  'dividend.declared',
  'dividend.paid',
  'withdrawal.requested',
  'withdrawal.updated',
  'withdrawal.cancelled',
  'withdrawal.approved',
  'withdrawal.rejected',
  'deposit_notice.submitted',
  'deposit_notice.verified',
  'deposit_notice.rejected',
  'contribution.dispute_resolved',
  'member.profile_updated',
  'member.phone_change_refused',
  'member.settings_updated',
  'member.data_exported',
  'member.statement_downloaded',
  'auth.two_factor.enabled',
  'auth.two_factor.disabled',
  'auth.two_factor.reset',
  'auth.two_factor.passed',
  'auth.two_factor.failed',
  'auth.other_sessions_ended',
  // Re-authentication and ending sessions (decision 082)
  'auth.reauthentication.failed',
  'member.sessions_ended',
  // Back office (docs/decisions/070-back-office.md)
  'member.updated',
  'member.flags_changed',
  'member.activation_resent',
  'members.imported',
  'payroll.posted',
  'payroll.remittance_recorded',
  'payroll.schedule_generated',
  'report.exported',
  'policy.updated',
  'loan.disbursement_requested',
  'loan.disbursement_rejected',
  // Two-person changes (docs/administrators.md "Approvals")
  'proposal.created',
  'proposal.approved',
  'proposal.rejected',
  'member.roles_changed',
  // A statement's verification code checked by an officer (docs/administrators.md)
  'statement.verified',
  'statement.verification_failed',
  // Payroll deductions (docs/decisions/150-payroll-cycle.md)
  'payroll_group.created',
  'payroll_group.renamed',
  'deduction_instruction.set',
  'deduction_change.requested',
  'deduction_change.approved_by_policy',
  'deduction_change.approved',
  'deduction_change.rejected',
  'deduction_change.cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'refresh_family',
  'route',
  'contribution',
  'loan',
  'loan_guarantor',
  'fine',
  'dividend',
  'withdrawal',
  'deposit_notice',
  // Back office (docs/decisions/070-back-office.md)
  'import',
  'payroll_month',
  'payroll_remittance',
  'payroll_schedule',
  'report',
  'policy',
  'proposal',
  'payroll_group',
  'deduction_change_request',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export interface AuditEntry {
  action: AuditAction;
  entityType?: AuditEntityType;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  /**
   * The account the event concerns when the actor cannot be (an anonymous sign-in attempt on a
   * known account). Otherwise the actor's own user is recorded.
   */
  actorId?: string | null;
}

/**
 * Appends to the audit trail, inside the transaction of the change it records, with the actor's
 * user and address. Several entries go in one statement per thousand rows, so a payroll import
 * audits every row without a round trip each.
 */
export async function writeAudit(
  db: Executor,
  actor: Actor,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const list: readonly AuditEntry[] = Array.isArray(entries) ? entries : [entries as AuditEntry];
  for (const chunk of chunks(list)) {
    await db.insert(auditLog).values(
      chunk.map((entry) => ({
        actorId: entry.actorId === undefined ? actorIdOf(actor) : entry.actorId,
        action: entry.action,
        entityType: entry.entityType ?? null,
        entityId: entry.entityId ?? null,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: actor.ip,
      })),
    );
  }
}

/**
 * An audit row with the name of who acted, as the back office shows it (the audit log, a loan's
 * history); select it with `.leftJoin(users, eq(users.id, auditLog.actorId))`.
 */
export const AUDIT_ENTRY_COLUMNS = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  occurredAt: auditLog.occurredAt,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorMembershipId: users.membershipId,
};

/**
 * The audit rows about these entities (a loan and its guarantor slots), oldest first, with who
 * acted: a loan's history in the back office.
 */
export function auditEntriesAbout(
  db: Executor,
  subjects: readonly { entityType: AuditEntityType; entityIds: readonly string[] }[],
) {
  const about = subjects
    .filter((subject) => subject.entityIds.length > 0)
    .map((subject) =>
      and(
        eq(auditLog.entityType, subject.entityType),
        inArray(auditLog.entityId, [...subject.entityIds]),
      ),
    );
  if (about.length === 0) return Promise.resolve([]);
  return db
    .select(AUDIT_ENTRY_COLUMNS)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(or(...about))
    .orderBy(asc(auditLog.occurredAt), asc(auditLog.id));
}
