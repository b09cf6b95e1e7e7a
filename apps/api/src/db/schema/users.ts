import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  bigserial,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt, enumCheck } from './columns.js';

export const OFFICER_ROLE_VALUES = [
  'president',
  'secretary',
  'treasurer',
  'financial_secretary',
  'auditor',
  'loan_officer',
] as const;

/**
 * Members, some of them officers. e-mail is stored lower-cased, phone as +234…, membership ID
 * upper-cased, so sign-in lookups are plain equality on unique indexes. `roles` is empty
 * for a member who holds no office (docs/officers.md).
 * `isActive = false` means suspended; an account is activated once it has a password.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    membershipId: text('membership_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The officer roles held, from OFFICER_ROLES in @coop/shared/officers (schema.test.ts). */
    roles: text('officer_roles', { enum: OFFICER_ROLE_VALUES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    isLoanReviewer: boolean('is_loan_reviewer').notNull().default(false),
    isExco: boolean('is_exco').notNull().default(false),
    passwordHash: text('password_hash'),
    activatedAt: tstz('activated_at'),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    /** Access and refresh tokens issued before this instant are refused (suspension, password change). */
    tokensValidAfter: tstz('tokens_valid_after').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'users_officer_roles_valid',
      sql`${t.roles} <@ array[${sql.raw(OFFICER_ROLE_VALUES.map((r) => `'${r}'`).join(', '))}]::text[]`,
    ),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phoneNumber),
    uniqueIndex('users_membership_id_key').on(t.membershipId),
    index('users_active_first_name_idx').on(t.isActive, t.firstName, t.lastName),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_membership_id_upper', sql`${t.membershipId} = upper(${t.membershipId})`),
  ],
);

/** Opaque refresh tokens, stored as SHA-256. One family per sign-in; rotation keeps the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Absolute end of the family (30 days after sign-in); rotation never extends it. */
    expiresAt: tstz('expires_at').notNull(),
    rotatedAt: tstz('rotated_at'),
    revokedAt: tstz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The sign-in passed the second factor: access tokens of the family say amr pwd+otp. */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Activation (7 days) and password-reset (1 hour) links: random, stored hashed, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('one_time_tokens_purpose_valid', t.purpose),
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/** Every sign-in attempt; failures drive the per-account and per-IP limits across instances. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_attempts_user_time_idx').on(t.userId, t.createdAt),
    index('sign_in_attempts_ip_failures_idx')
      .on(t.ip, t.createdAt)
      .where(sql`not ${t.succeeded}`),
    // Unknown identifiers are throttled by what was typed, so a 429 reveals no membership.
    index('sign_in_attempts_unknown_identifier_idx')
      .on(t.identifier, t.createdAt)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * Sign-in budgets (decision 093): one row per key that has failed lately. Keys are
 * `identifier:<what was typed, normalised>` (the only lock anyone is told of, kept alike for
 * identifiers that belong to no account), `account:<user id>` (checked guesses from sources the
 * account does not know), `device:<user id>:<device id>` (a known device's own budget) and
 * `session:<session id>` (re-authentication). `failures` counts within the window that began at
 * `windowStartedAt`; the fifth locks the key until `lockedUntil`.
 */
export const signInLocks = pgTable('sign_in_locks', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: tstz('window_started_at').notNull(),
  lockedUntil: tstz('locked_until'),
  updatedAt: updatedAt(),
});

/** Generic sliding-window counters kept in the database (e.g. forgot-password per e-mail and per IP). */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/** Per-member settings (docs/member-portal.md §2 Settings), persisted on the server. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  /**
   * null until the member chooses: the portal then follows the device's prefers-color-scheme
   * (docs/decisions/051-account-pages.md); the spec's "dark mode off" is the light theme a
   * device without a preference gets.
   */
  darkMode: boolean('dark_mode'),
  /**
   * Privacy (docs/business-rules.md): whether other members may find this member by phone number
   * when they choose guarantors. Name, e-mail and membership ID always find them.
   */
  findableByPhone: boolean('findable_by_phone').notNull().default(true),
  updatedAt: updatedAt(),
});

/** Idempotency-Key handling: key, business write and stored answer commit together. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** method + route, so one key cannot replay another endpoint's answer. */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
