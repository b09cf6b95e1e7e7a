import { sql } from 'drizzle-orm';
import { bigint, check, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Money column: integer kobo. Mode 'number' is exact up to 2^53 kobo (about ₦90 trillion). */
export const kobo = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
export const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * A CHECK that a text column holds one of its declared values, so the database itself refuses a
 * status or type the code does not know. The values are our own constants, never user input.
 */
export function enumCheck(name: string, column: AnyPgColumn) {
  // drizzle-kit hands table callbacks ExtraConfigColumns, which keep the values only in `config`.
  const values =
    column.enumValues ??
    (column as unknown as { config: { enumValues?: string[] } }).config.enumValues;
  if (!values) throw new Error(`${name}: column ${column.name} declares no enum values`);
  return check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);
}
