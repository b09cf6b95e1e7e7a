import { and, count, eq, gt, gte, isNull, max, not, sql } from 'drizzle-orm';
import {
  rateLimitEvents,
  signInAttempts,
  signInIdentifierLockouts,
  signInLockouts,
} from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/client.js';
import { blockedFor } from '../../lib/rate-limit.js';
import {
  FIRST_LOCKOUT_MINUTES,
  LOCKOUT_MEMORY_HOURS,
  MAX_LOCKOUT_HOURS,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_IP_FAILURE_LIMIT,
} from '@coop/shared/constants';
import { DomainError } from '../../lib/domain-error.js';

/**
 * Brute-force limits for sign-in (DESIGN §5, docs/decisions/020-auth-rules.md), from the shared
 * constants. All state lives in the database, so the limits hold across any number of instances.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const ACCOUNT_FAILURE_LIMIT = SIGN_IN_FAILURE_LIMIT;
export const FAILURE_WINDOW_MS = SIGN_IN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
export const FIRST_LOCKOUT_MS = FIRST_LOCKOUT_MINUTES * MINUTE_MS;
export const MAX_LOCKOUT_MS = MAX_LOCKOUT_HOURS * HOUR_MS;
const LOCKOUT_MEMORY_MS = LOCKOUT_MEMORY_HOURS * HOUR_MS;
const IP_FAILURE_LIMIT = SIGN_IN_IP_FAILURE_LIMIT;

export function lockoutDurationMs(lockouts: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** Math.max(0, lockouts - 1), MAX_LOCKOUT_MS);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

export function accountLockedError(remainingMs: number): DomainError {
  return new DomainError({
    code: 'ACCOUNT_LOCKED',
    message: `Too many failed sign-in attempts. Please try again in ${waitInWords(remainingMs)}.`,
    headers: { 'Retry-After': String(seconds(remainingMs)) },
  });
}

export function ipLimitedError(remainingMs: number): DomainError {
  return new DomainError({
    code: 'TOO_MANY_ATTEMPTS',
    message: `Too many failed sign-in attempts from your network. Please try again in ${waitInWords(remainingMs)}.`,
    headers: { 'Retry-After': String(seconds(remainingMs)) },
  });
}

const ADDRESS_BUCKET = 'sign-in-address';

/**
 * The per-address limit, atomic under bursts: each sign-in claims one of the address's failure
 * slots before its password is checked, under a transaction-scoped advisory lock on the address,
 * so parallel requests count one another even while their passwords are still being checked
 * (a check-then-record done at the end let 121 of 130 through). The claim stays as the failure
 * it was presumed to be; a sign-in whose password was right gives it back (`releaseAddressClaim`).
 * Returns the wait when the address is at its limit, else the claim.
 */
export async function claimAddressAttempt(
  db: Database,
  ip: string,
  now: Date,
): Promise<{ blockedMs: number } | { claimId: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${ADDRESS_BUCKET}:${ip}`}))`);
    const args = { bucket: ADDRESS_BUCKET, key: ip, now };
    const blockedMs = await blockedFor(tx, {
      ...args,
      limit: IP_FAILURE_LIMIT,
      windowMs: FAILURE_WINDOW_MS,
    });
    if (blockedMs !== null) return { blockedMs };
    const [claim] = await tx
      .insert(rateLimitEvents)
      .values({ bucket: ADDRESS_BUCKET, key: ip, createdAt: now })
      .returning({ id: rateLimitEvents.id });
    return { claimId: claim!.id };
  });
}

/** The password was right: the address's claimed slot was not a failure after all. */
export async function releaseAddressClaim(db: Executor, claimId: number): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, claimId));
}

/** Milliseconds until the account may try again, or null when it is not locked. */
export async function accountLockedFor(
  db: Executor,
  userId: string,
  now: Date,
): Promise<number | null> {
  const [lock] = await db
    .select({ lockedUntil: signInLockouts.lockedUntil })
    .from(signInLockouts)
    .where(eq(signInLockouts.userId, userId));
  if (!lock || lock.lockedUntil.getTime() <= now.getTime()) return null;
  return lock.lockedUntil.getTime() - now.getTime();
}

interface AttemptRecord {
  userId: string | null;
  /** The normalised identifier (e-mail, +234 phone or upper-case membership ID). */
  identifier: string;
  ip: string;
  now: Date;
}

export async function recordSuccess(tx: Executor, attempt: AttemptRecord): Promise<void> {
  await tx.insert(signInAttempts).values({
    userId: attempt.userId,
    identifier: attempt.identifier,
    ip: attempt.ip,
    succeeded: true,
    createdAt: attempt.now,
  });
  // A success clears the failure streak and the memory of earlier lockouts.
  if (attempt.userId) {
    await tx.delete(signInLockouts).where(eq(signInLockouts.userId, attempt.userId));
  }
}

/**
 * Records a wrong password for a known account and locks it when this is the fifth failure in
 * 15 minutes since the last success or the end of the last lockout. Each lockout within a day of
 * the previous one lasts twice as long (15 min, 30 min, 1 h, ... at most 24 h).
 * Returns the lockout length when this failure locked the account.
 */
export async function recordAccountFailure(
  tx: Executor,
  attempt: AttemptRecord & { userId: string },
): Promise<number | null> {
  const { userId, now } = attempt;
  await tx.insert(signInAttempts).values({
    userId,
    identifier: attempt.identifier,
    ip: attempt.ip,
    succeeded: false,
    createdAt: now,
  });
  const [lock] = await tx.select().from(signInLockouts).where(eq(signInLockouts.userId, userId));
  // Attempt ids follow insertion order, so "after the last success" holds even within one instant.
  const [lastSuccess] = await tx
    .select({ id: max(signInAttempts.id) })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.userId, userId),
        eq(signInAttempts.succeeded, true),
        // An older success is before the window anyway: no need to read the member's history.
        gt(signInAttempts.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
  const [failures] = await tx
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.userId, userId),
        not(signInAttempts.succeeded),
        gt(signInAttempts.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
        // Failures are let through again from the instant the last lockout ends.
        lock ? gte(signInAttempts.createdAt, lock.lockedUntil) : undefined,
        lastSuccess?.id != null ? gt(signInAttempts.id, Number(lastSuccess.id)) : undefined,
      ),
    );
  if ((failures?.n ?? 0) < ACCOUNT_FAILURE_LIMIT) return null;

  const remembered = lock && lock.lockedUntil.getTime() > now.getTime() - LOCKOUT_MEMORY_MS;
  const lockouts = remembered ? lock.lockouts + 1 : 1;
  const duration = lockoutDurationMs(lockouts);
  const lockedUntil = new Date(now.getTime() + duration);
  await tx
    .insert(signInLockouts)
    .values({ userId, lockedUntil, lockouts, updatedAt: now })
    .onConflictDoUpdate({
      target: signInLockouts.userId,
      set: { lockedUntil, lockouts, updatedAt: now },
    });
  return duration;
}

/**
 * Unknown identifiers are locked exactly as real accounts are (5 failures in 15 minutes, then
 * 15 minutes, doubling for each lockout within a day), so neither the 429 nor its length reveals
 * which identifiers exist. Returns the lockout length when this failure locked the identifier.
 */
export async function recordUnknownFailure(
  tx: Executor,
  attempt: AttemptRecord,
): Promise<number | null> {
  const { identifier, now } = attempt;
  await tx.insert(signInAttempts).values({
    userId: null,
    identifier,
    ip: attempt.ip,
    succeeded: false,
    createdAt: now,
  });
  const [lock] = await tx
    .select()
    .from(signInIdentifierLockouts)
    .where(eq(signInIdentifierLockouts.identifier, identifier));
  const [failures] = await tx
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        isNull(signInAttempts.userId),
        eq(signInAttempts.identifier, identifier),
        not(signInAttempts.succeeded),
        gt(signInAttempts.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
        lock ? gte(signInAttempts.createdAt, lock.lockedUntil) : undefined,
      ),
    );
  if ((failures?.n ?? 0) < ACCOUNT_FAILURE_LIMIT) return null;
  const remembered = lock && lock.lockedUntil.getTime() > now.getTime() - LOCKOUT_MEMORY_MS;
  const lockouts = remembered ? lock.lockouts + 1 : 1;
  const duration = lockoutDurationMs(lockouts);
  const lockedUntil = new Date(now.getTime() + duration);
  await tx
    .insert(signInIdentifierLockouts)
    .values({ identifier, lockedUntil, lockouts, updatedAt: now })
    .onConflictDoUpdate({
      target: signInIdentifierLockouts.identifier,
      set: { lockedUntil, lockouts, updatedAt: now },
    });
  return duration;
}

/** Milliseconds until an unknown identifier may try again, or null when it is not locked. */
export async function unknownIdentifierLockedFor(
  db: Executor,
  identifier: string,
  now: Date,
): Promise<number | null> {
  const [lock] = await db
    .select({ lockedUntil: signInIdentifierLockouts.lockedUntil })
    .from(signInIdentifierLockouts)
    .where(eq(signInIdentifierLockouts.identifier, identifier));
  if (!lock || lock.lockedUntil.getTime() <= now.getTime()) return null;
  return lock.lockedUntil.getTime() - now.getTime();
}
