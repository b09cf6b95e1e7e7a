/**
 * Re-authentication (ASVS V7.5.1, V7.5.2; docs/decisions/082-re-authentication-and-ending-sessions.md):
 * the signed-in member's current password, asked again before a change to how they sign in or
 * recover (change password, phone number, turning two-factor on or off) and before ending their other
 * sessions. One rule for all of them: a wrong password counts as a failed sign-in, so a stolen
 * access token cannot be used to guess the password. It counts against the session's own budget
 * (decision 093): five per 15 minutes, whatever anonymous sources spend of the account's.
 */
import type { Database, Executor } from '../../db/client.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit, type AuditAction } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import { verifyPassword } from '../../lib/password.js';
import { accountRow, lockAccountRow } from '../members/members.service.js';
import {
  accountLockedError,
  budgetKey,
  countFailure,
  lockedFor,
  recordAttempt,
} from './sign-in-throttle.service.js';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** What the password was asked again for: recorded with a failure in the audit trail. */
export type ReAuthenticationPurpose =
  | 'password_change'
  | 'phone_change'
  | 'two_factor_setup'
  | 'two_factor_disable'
  | 'sign_out_others';

export interface CurrentPasswordArgs {
  password: string;
  now: Date;
  purpose: ReAuthenticationPurpose;
  /** The request field the password came in, named in the error (default `currentPassword`). */
  field?: string;
}

/** The budget a signed-in caller's wrong passwords and codes count against (decision 093). */
const budgetOf = (actor: MemberActor): string =>
  actor.sessionId ? budgetKey.session(actor.sessionId) : budgetKey.account(actor.user.id);

/** A wrong password for a password change keeps its own audit action; the rest share one. */
const failedActionFor = (purpose: ReAuthenticationPurpose): AuditAction =>
  purpose === 'password_change' ? 'auth.password_change.failed' : 'auth.reauthentication.failed';

/** The check's answer: go on, or the error to throw once the transaction has committed. */
export type CurrentPasswordCheck = { ok: true } | { ok: false; error: DomainError };

/**
 * The member's current password, checked before the caller's transaction (decision 087): argon2
 * runs outside any transaction and holds no pooled connection. `hash` is the hash it was checked
 * against; a locked account is not checked at all.
 */
export interface CurrentPasswordVerdict {
  ok: boolean;
  hash: string | null;
}

export async function verifyCurrentPassword(
  db: Executor,
  actor: MemberActor,
  args: CurrentPasswordArgs,
): Promise<CurrentPasswordVerdict> {
  const user = await accountRow(db, actor.user.id);
  if (!user?.passwordHash) return { ok: false, hash: null };
  if ((await lockedFor(db, budgetOf(actor), args.now)) !== null) {
    return { ok: false, hash: user.passwordHash };
  }
  return {
    ok: await verifyPassword(user.passwordHash, args.password),
    hash: user.passwordHash,
  };
}

/**
 * Records the outcome of `verifyCurrentPassword` inside the caller's transaction. As at sign-in,
 * the user row is locked while the outcome is recorded and a failure is recorded (sign-in failure
 * count, lockout, audit row) in the same transaction: parallel guesses are recorded one at a
 * time, and once one of them locks the account the rest are refused as locked, whatever their
 * password was. A check made against a hash that has changed since counts as a failure.
 *
 * On failure the caller must RETURN from its transaction (so the failure commits) and throw
 * `error` afterwards; throwing inside would roll the failure back. `runWithCurrentPassword` does
 * exactly that for callers with nothing else to decide.
 */
export async function checkCurrentPassword(
  tx: Executor,
  actor: MemberActor,
  args: CurrentPasswordArgs & { verdict: CurrentPasswordVerdict },
): Promise<CurrentPasswordCheck> {
  const userId = actor.user.id;
  const user = await lockAccountRow(tx, userId);
  if (!user?.passwordHash) {
    throw new DomainError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  }
  const waitMs = await lockedFor(tx, budgetOf(actor), args.now);
  if (waitMs !== null) return { ok: false, error: accountLockedError(waitMs) };
  if (args.verdict.ok && args.verdict.hash === user.passwordHash) return { ok: true };

  const lockMs = await countFailure(tx, budgetOf(actor), args.now);
  await recordAttempt(tx, {
    userId,
    identifier: user.email,
    ip: actor.ip ?? 'unknown',
    now: args.now,
    succeeded: false,
  });
  await writeAudit(tx, actor, {
    action: failedActionFor(args.purpose),
    entityType: 'user',
    entityId: userId,
    after: { reason: 'wrong_current_password', purpose: args.purpose },
  });
  if (lockMs !== null) return { ok: false, error: accountLockedError(lockMs) };
  return {
    ok: false,
    error: new DomainError({
      code: 'INVALID_CURRENT_PASSWORD',
      message: CURRENT_PASSWORD_INCORRECT,
      details: [{ field: args.field ?? 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }],
    }),
  };
}

/**
 * A wrong second-factor code given with the right password (turning two-factor off): counted as
 * a failed sign-in and audited exactly as a wrong code at sign-in is, against the session's budget
 * of five (decision 093). Returns the lockout error when this failure spent it.
 */
export async function recordWrongSecondFactor(
  tx: Executor,
  actor: MemberActor,
  args: { now: Date; purpose: ReAuthenticationPurpose },
): Promise<{ locked: DomainError | null }> {
  const userId = actor.user.id;
  const user = await accountRow(tx, userId);
  const lockedMs = await countFailure(tx, budgetOf(actor), args.now);
  await recordAttempt(tx, {
    userId,
    identifier: user?.email ?? userId,
    ip: actor.ip ?? 'unknown',
    now: args.now,
    succeeded: false,
  });
  await writeAudit(tx, actor, {
    action: 'auth.two_factor.failed',
    entityType: 'user',
    entityId: userId,
    after: { reason: 'wrong_code', purpose: args.purpose },
  });
  return { locked: lockedMs === null ? null : accountLockedError(lockedMs) };
}

/**
 * Runs `change` in one transaction after the current password passed; a wrong password commits
 * its failure and answers 400 `INVALID_CURRENT_PASSWORD` (or 429 `ACCOUNT_LOCKED`), and nothing
 * of the change happens.
 */
export async function runWithCurrentPassword<T>(
  db: Database,
  actor: MemberActor,
  args: CurrentPasswordArgs,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  const verdict = await verifyCurrentPassword(db, actor, args);
  const outcome = await db.transaction(
    async (tx): Promise<{ ok: true; value: T } | { ok: false; error: DomainError }> => {
      const check = await checkCurrentPassword(tx, actor, { ...args, verdict });
      if (!check.ok) return check;
      return { ok: true, value: await change(tx) };
    },
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
