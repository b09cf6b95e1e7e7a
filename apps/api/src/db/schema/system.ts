import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt, enumCheck } from './columns.js';
import { users } from './users.js';

/**
 * The cooperative's admin-editable policy (docs/business-rules.md defaults), one row validated
 * by the shared package.
 */
export const policy = pgTable(
  'policy',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [check('policy_single_row', sql`${t.id} = 1`)],
);

/**
 * Outgoing e-mail, written in the same transaction as the change that causes it, so nothing is
 * sent for a change that rolled back. A worker delivers over SMTP, or logs the message without it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: tstz('available_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('email_outbox_status_valid', t.status),
    index('email_outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`status = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * Outgoing text messages (decision 164), the e-mail outbox's twin: written in the transaction of
 * the change that causes them, delivered by the same worker with the same claim, lease and
 * back-off (decision 005), through the configured gateway or the log. Its own table because a
 * text has what an e-mail has not: the member it is for (officers see failures by member), its
 * kind (the template that wrote it), whether it is a security message (sent whatever the member's
 * SMS setting), the gateway's message id, and a key that keeps a reminder from going twice.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The member's number as stored: '+234' and ten digits. */
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** The notification template that wrote it (modules/notifications). */
    kind: text('kind').notNull(),
    security: boolean('security').notNull().default(false),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    /** Set for a message that must go once only (a reminder): a second insert is ignored. */
    dedupeKey: text('dedupe_key'),
    availableAt: tstz('available_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('sms_outbox_status_valid', t.status),
    index('sms_outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`status = 'pending'`),
    index('sms_outbox_created_idx').on(t.createdAt),
    // The officers' view of texts that failed or are being retried, newest first.
    index('sms_outbox_trouble_idx')
      .on(t.createdAt)
      .where(sql`status = 'failed' or (status = 'pending' and attempts > 0)`),
    uniqueIndex('sms_outbox_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * Scheduled background jobs (lib/jobs.ts, decision 060): one row per job, on the same database
 * as the business data, so every API process shares one schedule. A process claims a due job by
 * pushing `next_run_at` past a lease in the statement that picks it (FOR UPDATE SKIP LOCKED), so
 * no two processes run the same job at once; the outcome sets the next run.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    nextRunAt: tstz('next_run_at').notNull(),
    lastStartedAt: tstz('last_started_at'),
    lastFinishedAt: tstz('last_finished_at'),
    lastError: text('last_error'),
    /** Failed runs in a row; 0 after a success. */
    failures: integer('failures').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('scheduled_jobs_next_run_idx').on(t.nextRunAt)],
);

// drizzle-kit cannot import @coop/shared: schema.test.ts keeps these equal to its lists.
export const OFFICER_JOB_KIND_VALUES = ['members.import', 'payroll.post', 'dividends.pay'] as const;
export const OFFICER_JOB_STATE_VALUES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * Officer jobs (decision 101): long back-office work accepted with 202 and run by the job worker
 * (`officer-jobs`, lib/jobs.ts) in batches, each committed with `done`, so a status read never
 * waits on the work and a run cut short resumes where it stopped. `input` (the request's body)
 * is cleared when the job ends; `actor` is who asked, as the request knew them.
 */
export const officerJobs = pgTable(
  'officer_jobs',
  {
    id: id(),
    kind: text('kind', { enum: OFFICER_JOB_KIND_VALUES }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    actor: jsonb('actor').notNull(),
    input: jsonb('input'),
    /** What the first batch worked out that later ones keep (e.g. a payroll month's totals). */
    plan: jsonb('plan'),
    state: text('state', { enum: OFFICER_JOB_STATE_VALUES }).notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    result: jsonb('result'),
    message: text('message'),
    error: jsonb('error'),
    /** Runs begun: a run cut short (stop, crash) is resumed, at most a few times. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('officer_jobs_state_created_idx').on(t.state, t.createdAt),
    enumCheck('officer_jobs_kind_check', t.kind),
    enumCheck('officer_jobs_state_check', t.state),
  ],
);

/**
 * Forgot-password requests waiting for the job that looks the address up and queues the e-mail
 * (decision 048): the request only validates, counts its limits and writes this row, so its answer
 * takes the same time whether the address exists. The job deletes each row as it handles it.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id(),
    /** Normalised (trimmed, lower case) as the shared schema gives it; never logged. */
    email: text('email').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_requests_created_idx').on(t.createdAt)],
);
