/**
 * Idempotency-Key handling (docs/member-portal.md §7, IETF draft semantics) for POSTs that move
 * money or create requests. The first request with a key runs and its answer is stored; a repeat
 * with the same key and the same request replays that answer; the same key with a different request
 * is 422; a repeat while the first is still running is 409.
 *
 * The key row, the business write and the stored answer commit in ONE transaction: the use case
 * runs with `db` set to it (its own `db.transaction` becomes a savepoint inside). A use case that
 * fails rolls everything back, key included, so a retry after a refusal runs the rules again.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_PATTERN } from '@coop/shared/http';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '@coop/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema/index.js';
import { queryRows } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { MemberActor } from './actor.js';
import { DomainError } from './domain-error.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

interface IdempotentRequest {
  userId: string;
  key: string;
  /** Method and route pattern: one key never replays another endpoint's answer. */
  scope: string;
  /** What the request asked for: a repeat must ask for the same. */
  fingerprint: string;
}

/** The request's key, or null when it sent none (the call then simply runs). */
function idempotentRequestOf(req: FastifyRequest, actor: MemberActor): IdempotentRequest | null {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError({
      code: 'INVALID_IDEMPOTENCY_KEY',
      message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    });
  }
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ params: req.params ?? null, body: req.body ?? null }))
    .digest('hex');
  return {
    userId: actor.user.id,
    key,
    scope: `${req.method} ${req.routeOptions.url ?? req.url}`,
    fingerprint,
  };
}

/**
 * Runs a route's work under the request's Idempotency-Key, if it sent one. `run` receives the
 * deps to use (their `db` is the transaction that also holds the key) and returns the body.
 */
export async function idempotently<Body>(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  actor: MemberActor,
  run: (deps: Deps) => Promise<Body>,
): Promise<Body> {
  const request = idempotentRequestOf(req, actor);
  if (!request) return run(deps);

  return deps.db.transaction(async (tx) => {
    // Held until commit: a repeat arriving meanwhile cannot take it and answers 409 at once,
    // instead of queueing behind the first on the key's row.
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${request.userId}), hashtext(${request.key})) as locked`,
    );
    if (!lock?.locked) {
      throw new DomainError({
        code: 'IDEMPOTENCY_KEY_IN_USE',
        message: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
      });
    }
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    // A key older than its retention is gone, even before housekeeping deletes it: the request
    // is a new one (IDEMPOTENCY_KEY_RETENTION_HOURS).
    if (stored && isExpired(stored.createdAt, deps.clock.now())) {
      await tx
        .delete(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)),
        );
    } else if (stored) {
      if (stored.scope !== request.scope || stored.requestHash !== request.fingerprint) {
        throw new DomainError({
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: 'This Idempotency-Key was already used for a different request',
        });
      }
      void reply.code(stored.responseStatus ?? 200).header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return JSON.parse(stored.responseBody ?? 'null') as Body;
    }

    const body = await run({ ...deps, db: tx });
    const now = deps.clock.now();
    await tx.insert(idempotencyKeys).values({
      userId: request.userId,
      key: request.key,
      scope: request.scope,
      requestHash: request.fingerprint,
      responseStatus: reply.statusCode,
      responseBody: JSON.stringify(body),
      createdAt: now,
      completedAt: now,
    });
    return body;
  });
}

const RETENTION_MS = IDEMPOTENCY_KEY_RETENTION_HOURS * 60 * 60 * 1000;

/** Whether a key stored at `createdAt` has outlived its retention at `now`. */
export function isExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() >= RETENTION_MS;
}
