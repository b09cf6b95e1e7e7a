import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Member reads kept at write time (docs/decisions/179-member-reads-kept-at-write-time.md).
 *
 * `member_data_changes`: one row per member a committed statement changed something of, written by
 * the database itself (a statement-level trigger on every table a kept read reads, migration
 * 0029). A null `user_id` concerns every member (a loan entering review, which every reviewer's
 * dashboard lists; another member's name). A member's data version is the sum of `weight` over
 * their rows and the null ones: it grows with every committed change that concerns them. Writers
 * only insert here (no lock a writer could wait on); reads fold a member's rows into one row of
 * their summed weight (`foldMemberDataChanges`), so the sum, and every version kept against it,
 * never changes meaning.
 *
 * No foreign key on `user_id`: the trigger of a member's deletion (and of the rows cascading
 * with it) writes their id after the member is gone.
 */
export const memberDataChanges = pgTable(
  'member_data_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    index('member_data_changes_user_id_idx').on(t.userId),
    // The version must grow with every change: a weight of 0 would let a stale answer match.
    check('member_data_changes_weight_positive', sql`${t.weight} > 0`),
  ],
);

/**
 * `member_read_cache`: a member's answer to a kept read (`view`: the dashboard), as the JSON text
 * the API sends, with the day it is for, the member's data version it was read at and the code
 * that wrote it (`code_version`, a fingerprint of the API's and the shared package's files). It
 * answers again only on that day, while the member's version is still that one, and to the same
 * code: a release that words or shapes the answer otherwise computes it again.
 */
export const memberReadCache = pgTable(
  'member_read_cache',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    view: text('view').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    codeVersion: text('code_version').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.view] })],
);
