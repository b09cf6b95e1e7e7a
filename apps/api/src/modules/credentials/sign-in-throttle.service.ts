import type { Database, Executor } from '../../db/client.js';
import { asBookkeeping } from '../../db/request-deadline.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import type { ScheduledJob } from '../../lib/jobs.js';
import { blockedFor, forgetEvent, recordEvent } from '../../lib/rate-limit.js';
import {
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_LOCKOUT_MINUTES,
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_IP_FAILURE_LIMIT,
} from '@coop/shared/constants';
import { DomainError } from '../../lib/domain-error.js';
import { signInThrottleRepository } from './sign-in-throttle.repository.js';

/**
 * Brute-force limits for sign-in (docs/decisions/093-sign-in-budgets-instead-of-account-lockout.md),
 * from the shared constants. All state lives in the database, so the limits hold across any
 * number of instances.
 */
const MINUTE_MS = 60_000;
export const FAILURE_LIMIT = SIGN_IN_FAILURE_LIMIT;
export const FAILURE_WINDOW_MS = SIGN_IN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
export const LOCKOUT_MS = SIGN_IN_LOCKOUT_MINUTES * MINUTE_MS;
const IP_FAILURE_LIMIT = SIGN_IN_IP_FAILURE_LIMIT;

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
  // Not the member's change: a sign-in cut off at its deadline still changed nothing of theirs.
  return asBookkeeping(() =>
    db.transaction(async (tx) => {
      await advisoryLock(tx, `${ADDRESS_BUCKET}:${ip}`);
      const args = { bucket: ADDRESS_BUCKET, key: ip, now };
      const blockedMs = await blockedFor(tx, {
        ...args,
        limit: IP_FAILURE_LIMIT,
        windowMs: FAILURE_WINDOW_MS,
      });
      if (blockedMs !== null) return { blockedMs };
      return { claimId: await recordEvent(tx, args) };
    }),
  );
}

/** The password was right: the address's claimed slot was not a failure after all. */
export async function releaseAddressClaim(db: Executor, claimId: number): Promise<void> {
  await asBookkeeping(() => forgetEvent(db, claimId));
}

/**
 * The budgets a guess can be counted against (decision 093). Each holds FAILURE_LIMIT wrong
 * guesses per window, then rests for LOCKOUT_MS; none grows with repetition.
 */
export const budgetKey = {
  /** What was typed (normalised), whether or not it names an account: the only lock shown to
   * a source the account does not know, so it answers alike for every identifier. */
  identifier: (identifier: string) => `identifier:${identifier}`,
  /** Checked guesses at the account's password from every source it does not know, together. */
  account: (userId: string) => `account:${userId}`,
  /** A device the member signed in on: its own budget, whatever others spend. */
  device: (userId: string, deviceId: string) => `device:${userId}:${deviceId}`,
  /** A signed-in session asking for the password again (re-authentication). */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** Milliseconds until the budget may be spent again, or null while it has guesses left. */
export async function lockedFor(db: Executor, key: string, now: Date): Promise<number | null> {
  const until = await signInThrottleRepository(db).restingUntil(key, now);
  return until && until.getTime() - now.getTime();
}

/**
 * Counts one wrong guess against a budget: the one helper behind every lock. Atomic on its own
 * (one upsert, then the row stays locked until the transaction ends), so parallel failures count
 * one another even without the user row's lock. A failure while the budget rests is not counted
 * and answers the rest that is left; the FAILURE_LIMIT-th failure within the window that began
 * with the first one locks the budget for LOCKOUT_MS and starts a fresh count after it.
 * Returns the milliseconds the budget now rests, or null when it still has guesses left.
 */
export async function countFailure(tx: Executor, key: string, now: Date): Promise<number | null> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const budgets = signInThrottleRepository(tx);
  const { failures, lockedUntil } = await budgets.addFailure(key, now, windowStart);
  if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
    return lockedUntil.getTime() - now.getTime();
  }
  if (failures < FAILURE_LIMIT) return null;
  await budgets.rest(key, now, new Date(now.getTime() + LOCKOUT_MS));
  return LOCKOUT_MS;
}

/** Forgets the failures counted against these budgets (after a success, or a password reset). */
export async function forgetFailures(tx: Executor, keys: string[]): Promise<void> {
  if (keys.length > 0) await signInThrottleRepository(tx).forget(keys);
}

/**
 * A password reset: whoever reads the member's mail may sign in again at once, by any of the
 * account's identifiers and from any device; the account's own budgets start afresh.
 */
export async function forgetAccountFailures(
  tx: Executor,
  user: { id: string; email: string; phoneNumber: string | null; membershipId: string },
): Promise<void> {
  const identifiers = [user.email, user.phoneNumber, user.membershipId].filter(
    (v): v is string => v !== null,
  );
  await signInThrottleRepository(tx).forget(
    [budgetKey.account(user.id), ...identifiers.map(budgetKey.identifier)],
    budgetKey.device(user.id, ''),
  );
}

interface AttemptRecord {
  userId: string | null;
  /** The normalised identifier (e-mail, +234 phone or upper-case membership ID). */
  identifier: string;
  ip: string;
  now: Date;
}

/** Every attempt is kept in `sign_in_attempts` (the audit of sign-ins by address and time). */
export async function recordAttempt(
  tx: Executor,
  attempt: AttemptRecord & { succeeded: boolean },
): Promise<void> {
  await signInThrottleRepository(tx).insertAttempt(attempt);
}

/**
 * A budget untouched for a day has neither a window nor a rest left: its row goes, hourly, so
 * identifiers sprayed by an attacker do not pile up (docs/operations.md, "Housekeeping").
 */
export async function pruneSignInLocks(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * MINUTE_MS);
  return signInThrottleRepository(db).forgetIdle(before, now);
}

export const signInLocksJob: ScheduledJob = {
  name: 'sign-in-locks',
  schedule: { everyMs: 60 * MINUTE_MS },
  handler: async (deps, now) => {
    const pruned = await pruneSignInLocks(deps.db, now);
    return pruned > 0 ? { pruned } : undefined;
  },
};
