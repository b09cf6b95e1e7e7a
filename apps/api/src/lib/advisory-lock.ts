import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Takes the transaction-scoped advisory lock named `key` (`coop.payroll`, `coop.phone.+234…`):
 * whoever takes the same key next waits until this transaction ends. For rules that span rows
 * no single row lock covers (one payroll post at a time, one owner of a phone number), so a
 * service serializes them without writing SQL itself.
 */
export async function advisoryLock(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
