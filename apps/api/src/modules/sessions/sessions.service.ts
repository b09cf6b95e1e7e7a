/**
 * Refresh-token sessions: one family per sign-in, rotated on every use (docs/decisions/020).
 * This module owns session revocation, so the auth and members modules both end sessions through
 * it instead of reaching into each other. Its functions are building blocks that run inside the
 * caller's transaction (`tx` first); the use cases that call them live in auth and members.
 */
import { randomUUID } from 'node:crypto';
import { REFRESH_FAMILY_LIFETIME_DAYS } from '@coop/shared/constants';
import { isOfficer, type OfficerRole } from '@coop/shared/officers';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { generateSecretToken, hashSecretToken } from '../../lib/one-time-token.js';
import type { AuthMethod } from '../../lib/access-token.js';
import { writeAudit } from '../../lib/audit-log.js';
import { sessionsRepository } from './sessions.repository.js';

const REFRESH_FAMILY_LIFETIME_MS = REFRESH_FAMILY_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** How long a sign-in lasts: SESSION_IDLE_DAYS unused, SESSION_ABSOLUTE_DAYS at most. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * An officer's sign-in ends after 30 minutes unused and 12 hours at most (ASVS V7.3.1/V7.3.2 at
 * level 2 for those who can move money; docs/officers.md). Members keep SESSION_IDLE_DAYS and
 * SESSION_ABSOLUTE_DAYS. Whether the account is an officer's is read at each sign-in and refresh.
 */
export const OFFICER_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
};

/** The policy that applies to an account: the officers' when it holds a role (never longer). */
function policyFor(
  roles: OfficerRole[],
  policy: SessionPolicy | undefined,
): SessionPolicy | undefined {
  if (!isOfficer(roles)) return policy;
  return {
    idleMs: Math.min(policy?.idleMs ?? Infinity, OFFICER_SESSION_POLICY.idleMs),
    absoluteMs: Math.min(policy?.absoluteMs ?? Infinity, OFFICER_SESSION_POLICY.absoluteMs),
  };
}

export interface IssuedRefreshToken {
  /** The family's id: the access token's `sid`, checked on every request. */
  sessionId: string;
  /** The token in clear: sent once, in the cookie (and the body for body-based clients). */
  refreshToken: string;
  /** Absolute end of the family; the cookie's max-age counts down to it. */
  expiresAt: Date;
}

/** Starts a new refresh-token family: one per sign-in (login, activation, password change). */
export async function startSession(
  tx: Executor,
  args: { userId: string; now: Date; actor: Actor; policy?: SessionPolicy; amr?: AuthMethod[] },
): Promise<IssuedRefreshToken> {
  const refreshToken = generateSecretToken();
  const user = await sessionsRepository(tx).accountOf(args.userId);
  const lifetimeMs =
    policyFor(user?.roles ?? [], args.policy)?.absoluteMs ?? REFRESH_FAMILY_LIFETIME_MS;
  const expiresAt = new Date(args.now.getTime() + lifetimeMs);
  const sessionId = randomUUID();
  await sessionsRepository(tx).insert({
    userId: args.userId,
    familyId: sessionId,
    tokenHash: hashSecretToken(refreshToken),
    expiresAt,
    ip: args.actor.ip,
    userAgent: args.actor.userAgent,
    secondFactor: args.amr?.includes('otp') ?? false,
    createdAt: args.now,
  });
  return { sessionId, refreshToken, expiresAt };
}

export type RotateResult =
  | { ok: true; userId: string; issued: IssuedRefreshToken; amr: AuthMethod[] }
  | {
      ok: false;
      reason: 'unknown' | 'expired' | 'idle' | 'revoked' | 'reused' | 'sessions_ended';
    };

/**
 * Exchanges a refresh token for its successor in the same family.
 *
 * The old row is claimed with one conditional UPDATE (`rotated_at IS NULL`): of any number of
 * concurrent uses exactly one wins. Presenting a token that was already rotated means two parties
 * hold it, so the whole family is revoked (theft detection) and the caller must sign in again.
 */
export async function rotateSession(
  db: Database,
  args: { refreshToken: string; now: Date; actor: Actor; policy?: SessionPolicy },
): Promise<RotateResult> {
  const { now } = args;
  const tokenHash = hashSecretToken(args.refreshToken);
  return db.transaction(async (tx): Promise<RotateResult> => {
    const repo = sessionsRepository(tx);
    const claimed = await repo.claim(tokenHash, now);

    if (!claimed) {
      const row = await repo.byHash(tokenHash);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      // Already rotated and presented again: someone replays an old token.
      await revokeFamily(tx, row.familyId, now);
      await writeAudit(tx, args.actor, {
        actorId: row.userId,
        action: 'auth.refresh.reuse_detected',
        entityType: 'refresh_family',
        entityId: row.familyId,
      });
      return { ok: false, reason: 'reused' };
    }

    const user = await repo.accountOf(claimed.userId);
    const policy = policyFor(user?.roles ?? [], args.policy);

    // Unused for longer than the idle limit: the sign-in has ended (its last token's creation is
    // its last use).
    if (policy && claimed.createdAt.getTime() + policy.idleMs <= now.getTime()) {
      await revokeFamily(tx, claimed.familyId, now);
      return { ok: false, reason: 'idle' };
    }
    // An officer's sign-in lasts 12 hours from its start, also one begun before a role was given.
    if (policy && user && isOfficer(user.roles)) {
      const startedAt = (await repo.familyStartedAt(claimed.familyId)) ?? claimed.createdAt;
      if (startedAt.getTime() + policy.absoluteMs <= now.getTime()) {
        await revokeFamily(tx, claimed.familyId, now);
        return { ok: false, reason: 'expired' };
      }
    }
    // Password change, reset and suspension revoke families explicitly; this is the second lock.
    if (!user?.passwordHash || claimed.createdAt.getTime() < user.tokensValidAfter.getTime()) {
      await revokeFamily(tx, claimed.familyId, now);
      return { ok: false, reason: 'sessions_ended' };
    }

    const refreshToken = generateSecretToken();
    await repo.insert({
      userId: claimed.userId,
      familyId: claimed.familyId,
      tokenHash: hashSecretToken(refreshToken),
      expiresAt: claimed.expiresAt,
      ip: args.actor.ip,
      userAgent: args.actor.userAgent,
      secondFactor: claimed.secondFactor,
      createdAt: now,
    });
    return {
      ok: true,
      userId: claimed.userId,
      amr: claimed.secondFactor ? ['pwd', 'otp'] : ['pwd'],
      issued: { sessionId: claimed.familyId, refreshToken, expiresAt: claimed.expiresAt },
    };
  });
}

/**
 * The sign-in has passed the second factor after it began (its user turned two-factor on in it):
 * access tokens of the family say amr pwd+otp from the next refresh on.
 */
export async function markSecondFactorPassed(
  tx: Executor,
  args: { sessionId: string; userId: string },
): Promise<void> {
  await sessionsRepository(tx).markSecondFactor(args.sessionId, args.userId);
}

export async function revokeFamily(tx: Executor, familyId: string, now: Date): Promise<void> {
  await sessionsRepository(tx).revokeFamily(familyId, now);
}

/**
 * Ends every sign-in of the user (password change, reset, suspension, an administrator's "end all
 * sessions"). Returns how many sign-ins were still open (not yet past their absolute end).
 */
export async function revokeAllSessions(tx: Executor, userId: string, now: Date): Promise<number> {
  const ended = await sessionsRepository(tx).revokeAllOf(userId, now);
  const open = ended.filter((row) => row.expiresAt.getTime() > now.getTime());
  return new Set(open.map((row) => row.familyId)).size;
}

/** "Sign out every other session": ends every sign-in of the user but `keepSessionId`. */
export async function revokeOtherSessions(
  tx: Executor,
  args: { userId: string; keepSessionId: string; now: Date },
): Promise<number> {
  const ended = await sessionsRepository(tx).revokeAllOf(args.userId, args.now, args.keepSessionId);
  return new Set(ended.map((row) => row.familyId)).size;
}

/**
 * Logout: revokes the family of the presented token, whatever its state. Returns the user it
 * belonged to (for the audit trail), or null for an unknown token.
 */
export async function endSession(
  tx: Executor,
  args: { refreshToken: string; now: Date },
): Promise<{ userId: string; familyId: string } | null> {
  const row = await sessionsRepository(tx).byHash(hashSecretToken(args.refreshToken));
  if (!row) return null;
  await revokeFamily(tx, row.familyId, args.now);
  return { userId: row.userId, familyId: row.familyId };
}
