/**
 * Files a member may generate (statements, the data export): a ten-year statement PDF takes the
 * instance's CPU for a while, and sixty at once from one member slowed everyone (decision 084).
 */
import { sql } from 'drizzle-orm';
import { EXPORT_MESSAGES } from '@coop/shared/account-rules';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { blockedFor, recordEvent } from '../../lib/rate-limit.js';

/** Files one member may download in `EXPORT_WINDOW_MS`, across every instance. */
export const EXPORTS_PER_WINDOW = 10;
const EXPORT_WINDOW_MS = 10 * 60 * 1000;
const BUCKET = 'member-export';

/**
 * Counts one file against the member's allowance, or refuses it with 429 once ten were made in
 * the last ten minutes. Checked and counted under a per-member lock, so parallel requests cannot
 * all pass the check before any is counted.
 */
export async function claimExport(deps: Deps, actor: MemberActor): Promise<void> {
  const now = deps.clock.now();
  const key = actor.user.id;
  const waitMs = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coop.export.${key}`}))`);
    const blocked = await blockedFor(tx, {
      bucket: BUCKET,
      key,
      limit: EXPORTS_PER_WINDOW,
      windowMs: EXPORT_WINDOW_MS,
      now,
    });
    if (blocked === null) await recordEvent(tx, { bucket: BUCKET, key, now });
    return blocked;
  });
  if (waitMs === null) return;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  throw new DomainError({
    code: 'TOO_MANY_ATTEMPTS',
    message: EXPORT_MESSAGES.tooMany(minutes),
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
