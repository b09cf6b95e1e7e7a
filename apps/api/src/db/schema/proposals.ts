import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { enumCheck, id, tstz } from './columns.js';
import { users } from './users.js';

// drizzle-kit cannot import @coop/shared: schema.test.ts keeps these equal to its lists.
export const PROPOSAL_KIND_VALUES = [
  'officer.details',
  'officer.status',
  'officer.roles',
  'officer.flags',
  'officer.two_factor_reset',
  'policy.controls',
] as const;
export const PROPOSAL_STATUS_VALUES = ['pending', 'approved', 'rejected', 'expired'] as const;

/**
 * Two-person changes (docs/administrators.md "Approvals"): a change to an officer's identity,
 * roles, flags or two-factor, or to a policy field that governs a control, waits here until a
 * DIFFERENT officer approves or rejects it, or it expires after 7 days. `before` and `after` hold
 * only the fields that change; approval applies `after` only while the record still equals
 * `before`.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    kind: text('kind', { enum: PROPOSAL_KIND_VALUES }).notNull(),
    /** The officer or member the change is about; null for the policy. */
    targetUserId: uuid('target_user_id').references(() => users.id),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    status: text('status', { enum: PROPOSAL_STATUS_VALUES }).notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: tstz('proposed_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    enumCheck('proposals_kind_valid', t.kind),
    enumCheck('proposals_status_valid', t.status),
    index('proposals_pending_idx')
      .on(t.proposedAt)
      .where(sql`status = 'pending'`),
    index('proposals_target_idx').on(t.targetUserId),
  ],
);
