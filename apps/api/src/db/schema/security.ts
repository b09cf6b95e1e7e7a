import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enumCheck, id, tstz } from './columns.js';
import { users } from './users.js';

/**
 * Two-factor sign-in (TOTP, RFC 6238; decision 080). One row per user: the secret encrypted
 * with TWO_FACTOR_KEY (AES-256-GCM), pending until a first code confirms it. `lastStep` is the
 * last time step used, so a code is accepted once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: tstz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per enrolment, stored as SHA-256 (they are random). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

export const LOGIN_EVENT_KINDS = [
  'signed_in',
  'sign_in_failed',
  'locked_out',
  'two_factor_passed',
  'two_factor_failed',
  'two_factor_enabled',
  'two_factor_disabled',
  'password_changed',
  'signed_out',
  'other_sessions_signed_out',
] as const;
export type LoginEventKind = (typeof LOGIN_EVENT_KINDS)[number];

/**
 * A member's sign-in history (Settings → View login history): what happened, from where, on
 * which device. `sessionId` links sign-ins to their refresh family, so the current one is marked.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LOGIN_EVENT_KINDS }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    sessionId: uuid('session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_events_user_time_idx').on(t.userId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    enumCheck('login_events_kind_check', t.kind),
  ],
);
