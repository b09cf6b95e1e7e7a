import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Money column: integer kobo. Mode 'number' is exact up to 2^53 kobo (about ₦90 trillion). */
export const kobo = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
export const id = () => uuid('id').primaryKey().defaultRandom();
