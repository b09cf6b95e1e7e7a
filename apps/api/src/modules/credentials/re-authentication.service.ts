/**
 * Re-authentication (ASVS V7.5.1, V7.5.2; docs/decisions/082-re-authentication-and-ending-sessions.md):
 * the signed-in member's current password, asked again before a change to how they sign in or
 * recover (change password, phone number, turning two-factor on or off) and before ending their other
 * sessions. One rule for all of them: a wrong password counts as a failed sign-in, so a stolen
 * access token cannot be used to guess the password.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/client.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit, type AuditAction } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import { verifyPassword } from '../../lib/password.js';
import {
  accountLockedError,
  accountLockedFor,
  recordAccountFailure,
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

/** A wrong password for a password change keeps its own audit action; the rest share one. */
const failedActionFor = (purpose: ReAuthenticationPurpose): AuditAction =>
  purpose === 'password_change' ? 'auth.password_change.failed' : 'auth.reauthentication.failed';

/** The check's answer: go on, or the error to throw once the transaction has committed. */
export type CurrentPasswordCheck = { ok: true } | { ok: false; error: DomainError };

/**
 * Checks the member's current password inside the caller's transaction. As at sign-in, the user
 * row is locked while the password is checked and a failure is recorded (sign-in failure count,
 * lockout, audit row) in the same transaction: parallel guesses queue, and the
 * limit cuts them. A locked account is refused before the password is even looked at.
 *
 * On failure the caller must RETURN from its transaction (so the failure commits) and throw
 * `error` afterwards; throwing inside would roll the failure back. `runWithCurrentPassword` does
 * exactly that for callers with nothing else to decide.
 */
export async function checkCurrentPassword(
  tx: Executor,
  actor: MemberActor,
  args: CurrentPasswordArgs,
): Promise<CurrentPasswordCheck> {
  const userId = actor.user.id;
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user?.passwordHash) {
    throw new DomainError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  }
  const waitMs = await accountLockedFor(tx, userId, args.now);
  if (waitMs !== null) return { ok: false, error: accountLockedError(waitMs) };
  if (await verifyPassword(user.passwordHash, args.password)) return { ok: true };

  const lockMs = await recordAccountFailure(tx, {
    userId,
    identifier: user.email,
    ip: actor.ip ?? 'unknown',
    now: args.now,
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
 * a failed sign-in and audited exactly as a wrong code at sign-in is, so the same five-guess
 * lockout applies. Returns the lockout error when this failure locked the account.
 */
export async function recordWrongSecondFactor(
  tx: Executor,
  actor: MemberActor,
  args: { now: Date; purpose: ReAuthenticationPurpose },
): Promise<{ locked: DomainError | null }> {
  const userId = actor.user.id;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const lockedMs = await recordAccountFailure(tx, {
    userId,
    identifier: user?.email ?? userId,
    ip: actor.ip ?? 'unknown',
    now: args.now,
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
  const outcome = await db.transaction(
    async (tx): Promise<{ ok: true; value: T } | { ok: false; error: DomainError }> => {
      const check = await checkCurrentPassword(tx, actor, args);
      if (!check.ok) return check;
      return { ok: true, value: await change(tx) };
    },
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
