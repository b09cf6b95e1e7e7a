import {
  classifyIdentifier,
  type CheckEmailQuery,
  type LoginInput,
  type User,
} from '@coop/shared/auth';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { answerNoSoonerThan } from '../../lib/answer-floor.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { passwordChecks, PasswordChecksBusyError } from '../../lib/password-checks.js';
import { toUser } from '../../lib/user-view.js';
import {
  accountByIdentifier,
  emailInUse,
  lockAccountForSignIn,
  type MemberRow,
} from '../members/members.service.js';
import { describeDevice, recordLoginEvent } from '../login-history/login-history.service.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { hasTwoFactor, invalidCode, useSecondFactor } from '../two-factor/two-factor.service.js';
import {
  endSession,
  rotateSession,
  startSession,
  type IssuedRefreshToken,
} from '../sessions/sessions.service.js';
import {
  accountLockedError,
  budgetKey,
  claimAddressAttempt,
  countFailure,
  forgetFailures,
  ipLimitedError,
  lockedFor,
  recordAttempt,
  releaseAddressClaim,
} from '../credentials/sign-in-throttle.service.js';
import type { KnownDevice } from '../credentials/known-device.service.js';

export interface SignedIn {
  user: User;
  accessToken: string;
  session: IssuedRefreshToken;
}

/** The password was right; the second step needs the code with this challenge. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challengeToken: string;
}

/** One message for an unknown identifier, a wrong password and a not-yet-activated account. */
export const INVALID_CREDENTIALS_MESSAGE =
  'Invalid login details. Please check your email, phone number or membership ID and password.';

export const invalidCredentials = () =>
  new DomainError({ code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE });

const sessionExpired = () =>
  new DomainError({
    code: 'INVALID_REFRESH_TOKEN',
    message: 'Your session has expired. Please sign in again.',
  });

type LoginOutcome =
  | { result: 'signed_in'; user: MemberRow; session: IssuedRefreshToken }
  | { result: 'two_factor'; userId: string }
  | { result: 'failed'; justUsed?: boolean }
  | { result: 'locked'; waitMs: number };

/** Where a sign-in comes from: its address, and the known-device cookie it showed, if any. */
export interface SignInSource {
  knownDevice: KnownDevice | null;
}

/**
 * Sign-in by e-mail, phone or membership ID (docs/security.md). Unknown identifiers are checked
 * against a dummy hash so they take as long as real ones. Wrong guesses are counted against sign-in
 * budgets (decision 093): the identifier typed, the account's checked guesses from sources it does
 * not know, or the member's known device. Every attempt is audited; suspended members may sign in
 * (GET /auth/me tells the client).
 */
export async function login(
  deps: Deps,
  actor: Actor,
  input: LoginInput,
  source: SignInSource = { knownDevice: null },
): Promise<SignedIn | TwoFactorRequired> {
  // A failure answers after the same floor whether the identifier exists or not (decision 080).
  // A burst is answered at once (503), before any lookup, so the answer says nothing of the
  // identifier and costs no database work (decision 087).
  const leave = passwordChecks.admit();
  return answerNoSoonerThan(
    deps.config.authAnswerFloorMs,
    () => attemptLogin(deps, actor, input, source).finally(leave),
    'on_failure',
  );
}

async function attemptLogin(
  deps: Deps,
  actor: Actor,
  input: LoginInput,
  source: SignInSource,
): Promise<SignedIn | TwoFactorRequired> {
  const { db } = deps;
  const now = deps.clock.now();
  // Sign-in always comes through a request, which has an address.
  const ip = actor.ip ?? 'unknown';
  const identifier = classifyIdentifier(input.identifier);
  const audit = { entityType: 'user' } as const;
  const found = await accountByIdentifier(db, identifier.kind, identifier.value);
  // The member's own device keeps its budget and is not held to its address's limit either (a
  // shared address, such as a mobile network's, may be failing because of someone else).
  const device =
    found && source.knownDevice?.userId === found.id ? source.knownDevice.deviceId : null;

  const address = device === null ? await claimAddressAttempt(db, ip, now) : null;
  if (address && 'blockedMs' in address) {
    await writeAudit(db, actor, {
      ...audit,
      action: 'auth.login.refused',
      after: { reason: 'ip_limit', identifierKind: identifier.kind },
    });
    throw ipLimitedError(address.blockedMs);
  }

  let outcome: LoginOutcome;
  try {
    outcome = await checkThenRecord(deps, actor, { input, identifier, ip, now, found, device });
  } catch (err) {
    // Refused for load, not a failed guess: the address's slot is given back.
    if (err instanceof PasswordChecksBusyError && address) {
      await releaseAddressClaim(db, address.claimId);
    }
    throw err;
  }

  if (outcome.result === 'locked') throw accountLockedError(outcome.waitMs);
  if (outcome.result === 'failed') throw invalidCredentials();
  if (address) await releaseAddressClaim(db, address.claimId);
  if (outcome.result === 'two_factor') {
    return {
      twoFactorRequired: true,
      challengeToken: await deps.tokens.signChallenge(outcome.userId),
    };
  }
  return {
    user: toUser(outcome.user),
    accessToken: await deps.tokens.sign(outcome.user.id, { sessionId: outcome.session.sessionId }),
    session: outcome.session,
  };
}

/**
 * The password is checked first, outside any transaction and without holding a pooled
 * connection (argon2 takes tens of milliseconds of CPU; decision 087), then the outcome is
 * recorded in a short transaction under the user row's lock, so parallel guesses are recorded one
 * at a time and a budget spent by one of them holds for the rest, whatever their password was.
 *
 * From a source the account does not know (decision 093), two budgets apply. The identifier's is
 * the only one an answer tells of: its fifth failure in 15 minutes answers 429 for 15 minutes,
 * exactly as for an identifier that names no account, so the answers for an e-mail and a
 * membership ID depend on what was typed only and never tell that the two are one account. The
 * account's budget caps checked wrong guesses, across all its identifiers, at five per 15 minutes,
 * and a success does not refill it: once it is spent a guess is not checked and answers as a wrong
 * one (after a dummy check, so it takes as long), so a right password is checked only among the
 * first five. From the member's known device, the device's own budget applies and answers openly.
 */
async function checkThenRecord(
  deps: Deps,
  actor: Actor,
  args: {
    input: LoginInput;
    identifier: ReturnType<typeof classifyIdentifier>;
    ip: string;
    now: Date;
    found: MemberRow | undefined;
    device: string | null;
  },
): Promise<LoginOutcome> {
  const { db } = deps;
  const { input, identifier, ip, now, found, device } = args;
  const audit = { entityType: 'user' } as const;
  const attempt = { identifier: identifier.value, ip, now };
  const identifierKey = budgetKey.identifier(identifier.value);

  if (!found) {
    const waitMs = await lockedFor(db, identifierKey, now);
    if (waitMs === null) await verifyAgainstDummy(input.password);
    return db.transaction(async (tx): Promise<LoginOutcome> => {
      const lockedMs = waitMs ?? (await countFailure(tx, identifierKey, now));
      if (waitMs === null) await recordAttempt(tx, { ...attempt, userId: null, succeeded: false });
      await writeAudit(tx, actor, {
        ...audit,
        action: waitMs === null ? 'auth.login.failed' : 'auth.login.refused',
        after: {
          reason: waitMs === null ? 'unknown_identifier' : 'locked',
          identifierKind: identifier.kind,
          identifier: identifier.value,
        },
      });
      return lockedMs === null ? { result: 'failed' } : { result: 'locked', waitMs: lockedMs };
    });
  }

  // The lock a source is told of: the identifier's, or the known device's own.
  const shownKey = device === null ? identifierKey : budgetKey.device(found.id, device);
  // Checked guesses are counted here: the device's budget, or the account's shared one.
  const checkedKey = device === null ? budgetKey.account(found.id) : shownKey;
  // A resting budget is refused without a check; the transaction below records the refusal.
  const shownBefore = await lockedFor(db, shownKey, now);
  const checkable = shownBefore === null && (await lockedFor(db, checkedKey, now)) === null;
  let passwordOk = false;
  if (checkable && found.passwordHash) {
    passwordOk = await verifyPassword(found.passwordHash, input.password);
  } else if (shownBefore === null) {
    // Not activated, or the account's guesses are spent: not checked, but as long as a check.
    await verifyAgainstDummy(input.password);
  }

  return db.transaction(async (tx): Promise<LoginOutcome> => {
    const user = await lockAccountForSignIn(tx, found.id);
    if (!user) return { result: 'failed' };
    const auditUser = { ...audit, actorId: user.id, entityId: user.id };
    const waitMs = await lockedFor(tx, shownKey, now);
    if (waitMs !== null) {
      await writeAudit(tx, actor, {
        ...auditUser,
        action: 'auth.login.refused',
        after: { reason: 'locked', identifierKind: identifier.kind, knownDevice: device !== null },
      });
      await recordLoginEvent(tx, actor, { userId: user.id, kind: 'locked_out', at: now });
      return { result: 'locked', waitMs };
    }
    // Checked only if the budget had guesses left before the check and still has now.
    const checked = checkable && (await lockedFor(tx, checkedKey, now)) === null;

    // A check counts only against the hash it was made with (a reset may have landed meanwhile).
    if (!checked || !passwordOk || user.passwordHash !== found.passwordHash) {
      const budgetMs = checked ? await countFailure(tx, checkedKey, now) : null;
      const lockedMs = device === null ? await countFailure(tx, identifierKey, now) : budgetMs;
      await recordAttempt(tx, { ...attempt, userId: user.id, succeeded: false });
      await writeAudit(tx, actor, {
        ...auditUser,
        action: 'auth.login.failed',
        after: {
          reason: !checked
            ? 'guesses_spent'
            : user.passwordHash
              ? 'wrong_password'
              : 'not_activated',
          identifierKind: identifier.kind,
          knownDevice: device !== null,
          ...(budgetMs === null ? {} : { guessesSpentForSeconds: Math.ceil(budgetMs / 1000) }),
          ...(lockedMs === null ? {} : { lockedForSeconds: Math.ceil(lockedMs / 1000) }),
        },
      });
      await recordLoginEvent(tx, actor, {
        userId: user.id,
        kind: budgetMs === null && lockedMs === null ? 'sign_in_failed' : 'locked_out',
        at: now,
      });
      return lockedMs === null ? { result: 'failed' } : { result: 'locked', waitMs: lockedMs };
    }

    // Two-factor on: the password is right, the session waits for the code (decision 080).
    if (await hasTwoFactor(tx, user.id)) return { result: 'two_factor', userId: user.id };

    await recordAttempt(tx, { ...attempt, userId: user.id, succeeded: true });
    // A success forgets the failures of the lock it was told of: the identifier it used (never
    // another identifier's), or the known device's. Never the account's checked guesses: those
    // came from anywhere, and forgetting them gave five more to whoever guessed beside the member
    // (decision 093, "Successes and resets").
    await forgetFailures(tx, [shownKey]);
    const session = await startSession(tx, {
      userId: user.id,
      now,
      actor,
      policy: deps.config.sessions,
    });
    await writeAudit(tx, actor, {
      ...auditUser,
      action: 'auth.login.succeeded',
      after: { identifierKind: identifier.kind, isActive: user.isActive },
    });
    await recordLoginEvent(tx, actor, {
      userId: user.id,
      kind: 'signed_in',
      sessionId: session.sessionId,
      at: now,
    });
    if (device === null) await textNewDevice(tx, deps, actor, user.id, now);
    return { result: 'signed_in', user, session };
  });
}

/**
 * A sign-in from a browser without the account's known-device mark (decision 093) is texted to
 * the member, whatever their SMS setting (docs/business-rules.md "Text messages"): someone who
 * has the password on another device is the case a member must hear of at once.
 */
async function textNewDevice(
  tx: Executor,
  deps: Deps,
  actor: Actor,
  userId: string,
  at: Date,
): Promise<void> {
  await sendMessages(tx, deps, actor, [
    {
      userId,
      template: 'newDeviceSignIn',
      facts: { at, device: describeDevice(actor.userAgent) },
    },
  ]);
}

/**
 * The second step of a two-factor sign-in: the challenge from the password step and a 6-digit
 * code (each time step once, ±1 step) or a recovery code (once). A wrong code counts under the
 * user row's lock against the same budget a wrong password would: the known device's, else the
 * account's (the caller proved the password, so the lock is told openly).
 */
export async function loginWithSecondFactor(
  deps: Deps,
  actor: Actor,
  input: { challengeToken: string; code: string },
  source: SignInSource = { knownDevice: null },
): Promise<SignedIn> {
  return answerNoSoonerThan(
    deps.config.authAnswerFloorMs,
    () => attemptSecondFactor(deps, actor, input, source),
    'on_failure',
  );
}

async function attemptSecondFactor(
  deps: Deps,
  actor: Actor,
  input: { challengeToken: string; code: string },
  source: SignInSource,
): Promise<SignedIn> {
  const now = deps.clock.now();
  const userId = await deps.tokens.verifyChallenge(input.challengeToken);
  if (!userId) throw sessionExpired();
  const ip = actor.ip ?? 'unknown';
  const key =
    source.knownDevice?.userId === userId
      ? budgetKey.device(userId, source.knownDevice.deviceId)
      : budgetKey.account(userId);
  const outcome = await deps.db.transaction(async (tx): Promise<LoginOutcome> => {
    const user = await lockAccountForSignIn(tx, userId);
    if (!user?.passwordHash) return { result: 'failed' };
    const auditUser = { entityType: 'user', actorId: user.id, entityId: user.id } as const;
    const waitMs = await lockedFor(tx, key, now);
    if (waitMs !== null) {
      await recordLoginEvent(tx, actor, { userId, kind: 'locked_out', at: now });
      return { result: 'locked', waitMs };
    }
    const attempt = { userId, identifier: user.email, ip, now };
    const check = await useSecondFactor(tx, deps, { userId, code: input.code, now });
    if (!check.ok) {
      const lockedMs = await countFailure(tx, key, now);
      await recordAttempt(tx, { ...attempt, succeeded: false });
      await writeAudit(tx, actor, { ...auditUser, action: 'auth.two_factor.failed' });
      await recordLoginEvent(tx, actor, {
        userId,
        kind: lockedMs === null ? 'two_factor_failed' : 'locked_out',
        at: now,
      });
      return lockedMs === null
        ? { result: 'failed', justUsed: check.justUsed }
        : { result: 'locked', waitMs: lockedMs };
    }
    const used = check.method;
    await recordAttempt(tx, { ...attempt, succeeded: true });
    // The known device's failures are forgotten; the account's are not (decision 093).
    if (key !== budgetKey.account(userId)) await forgetFailures(tx, [key]);
    const session = await startSession(tx, {
      userId,
      now,
      actor,
      policy: deps.config.sessions,
      amr: ['pwd', 'otp'],
    });
    await writeAudit(tx, actor, {
      ...auditUser,
      action: 'auth.two_factor.passed',
      after: { method: used },
    });
    await writeAudit(tx, actor, {
      ...auditUser,
      action: 'auth.login.succeeded',
      after: { secondFactor: used, isActive: user.isActive },
    });
    await recordLoginEvent(tx, actor, {
      userId,
      kind: 'two_factor_passed',
      sessionId: session.sessionId,
      at: now,
    });
    await recordLoginEvent(tx, actor, {
      userId,
      kind: 'signed_in',
      sessionId: session.sessionId,
      at: now,
    });
    if (source.knownDevice?.userId !== userId) await textNewDevice(tx, deps, actor, userId, now);
    return { result: 'signed_in', user, session };
  });
  if (outcome.result === 'locked') throw accountLockedError(outcome.waitMs);
  if (outcome.result !== 'signed_in') {
    throw invalidCode(outcome.result === 'failed' && outcome.justUsed === true);
  }
  return {
    user: toUser(outcome.user),
    accessToken: await deps.tokens.sign(outcome.user.id, {
      sessionId: outcome.session.sessionId,
      amr: ['pwd', 'otp'],
    }),
    session: outcome.session,
  };
}

/**
 * A new access token and the refresh token's successor. Suspended members may refresh: they need
 * GET /auth/me to see the suspended page (their earlier sessions ended when they were suspended).
 */
export async function refreshSession(
  deps: Deps,
  actor: Actor,
  { refreshToken }: { refreshToken: string | undefined },
): Promise<{ accessToken: string; session: IssuedRefreshToken }> {
  if (!refreshToken) throw sessionExpired();
  const rotated = await rotateSession(deps.db, {
    refreshToken,
    now: deps.clock.now(),
    actor,
    policy: deps.config.sessions,
  });
  if (!rotated.ok) throw sessionExpired();
  return {
    accessToken: await deps.tokens.sign(rotated.userId, {
      sessionId: rotated.issued.sessionId,
      amr: rotated.amr,
    }),
    session: rotated.issued,
  };
}

/** Revokes the family of the presented refresh token; quietly does nothing without one. */
export async function logout(
  deps: Deps,
  actor: Actor,
  { refreshToken }: { refreshToken: string | undefined },
): Promise<void> {
  if (!refreshToken) return;
  await deps.db.transaction(async (tx) => {
    const ended = await endSession(tx, { refreshToken, now: deps.clock.now() });
    if (!ended) return;
    await writeAudit(tx, actor, {
      actorId: ended.userId,
      action: 'auth.logout',
      entityType: 'refresh_family',
      entityId: ended.familyId,
    });
    await recordLoginEvent(tx, actor, {
      userId: ended.userId,
      kind: 'signed_out',
      sessionId: ended.familyId,
      at: deps.clock.now(),
    });
  });
}

/** GET /auth/check-email (admins only): whether an address already belongs to an account. */
export async function checkEmail(
  deps: Deps,
  _actor: Actor,
  { email }: CheckEmailQuery,
): Promise<{ email: string; exists: boolean }> {
  return { email, exists: await emailInUse(deps.db, email) };
}
