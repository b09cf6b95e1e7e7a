import { AUTH_MESSAGES } from '@coop/shared/messages';
import {
  FORGOT_PASSWORD_IP_LIMIT,
  FORGOT_PASSWORD_MAX_ATTEMPTS,
  FORGOT_PASSWORD_WAIT_MINUTES,
} from '@coop/shared/constants';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
} from '@coop/shared/auth';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { answerNoSoonerThan } from '../../lib/answer-floor.js';
import type { ScheduledJob } from '../../lib/jobs.js';
import {
  BREACHED_PASSWORD_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  CONTEXT_PASSWORD_MESSAGE,
  contextWordIn,
  contextWords,
  hashPassword,
  isCommonPassword,
  type PasswordOwner,
} from '../../lib/password.js';
import { isBreachedPassword } from '../../lib/breached-passwords.js';
import {
  consumeOneTimeToken,
  findUsableOneTimeToken,
  issueOneTimeToken,
} from '../../lib/one-time-token.js';
import {
  accountByIdentifier,
  lockAccountRow,
  passwordOwnerOf,
  sendActivationLink,
  setPassword,
} from '../members/members.service.js';
import { authRepository } from './auth.repository.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { recordLoginEvent } from '../login-history/login-history.service.js';
import {
  revokeAllSessions,
  startSession,
  type IssuedRefreshToken,
} from '../sessions/sessions.service.js';
import { blockedFor, recordEvent } from '../../lib/rate-limit.js';
import { runWithCurrentPassword } from '../credentials/re-authentication.service.js';
import { forgetAccountFailures } from '../credentials/sign-in-throttle.service.js';

const FORGOT_PASSWORD_WINDOW_MS = FORGOT_PASSWORD_WAIT_MINUTES * 60 * 1000;

export const PASSWORD_RESET_MESSAGE =
  'Your password has been reset. Please sign in with your new password.';

const refusedPassword = (
  code: 'COMMON_PASSWORD' | 'CONTEXT_PASSWORD' | 'BREACHED_PASSWORD',
  message: string,
  field: string,
) => new DomainError({ code, message, details: [{ field, message }] });

/**
 * The checks every new password passes beyond the schema's rules, wherever it is set (activation,
 * reset, change; decision 081), cheapest first: not a common password, no word of the member's
 * own details or of the cooperative, and, when the operator provides a breach corpus, not in it.
 * The refusal names `field`, so the form shows it under the password.
 */
export async function refuseUnsafeNewPassword(
  deps: Deps,
  { password, field, owner }: { password: string; field: string; owner: PasswordOwner },
): Promise<void> {
  if (isCommonPassword(password)) {
    throw refusedPassword('COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE, field);
  }
  if (contextWordIn(password, contextWords(owner, deps.config.cooperative.name)) !== null) {
    throw refusedPassword('CONTEXT_PASSWORD', CONTEXT_PASSWORD_MESSAGE, field);
  }
  const { breachedPasswordsFile } = deps.config.passwords;
  if (breachedPasswordsFile && (await isBreachedPassword(breachedPasswordsFile, password))) {
    throw refusedPassword('BREACHED_PASSWORD', BREACHED_PASSWORD_MESSAGE, field);
  }
}

/** The details of a user a new password may not contain. */
export async function passwordOwner(db: Executor, userId: string): Promise<PasswordOwner | null> {
  return passwordOwnerOf(db, userId);
}

const invalidResetToken = () =>
  new DomainError({ code: 'INVALID_RESET_TOKEN', message: AUTH_MESSAGES.invalidResetToken });

function tooManyRequests(waitMs: number): DomainError {
  return new DomainError({
    code: 'TOO_MANY_REQUESTS',
    message: AUTH_MESSAGES.tooManyRequests,
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * Asks for a reset link. The request only counts its limits and queues the address for the
 * `password-reset-requests` job (decision 048); it never looks the address up, so it answers
 * after the same floor, and does the same work, whether or not the address exists. Limits: 3
 * requests per address and 30 per IP in 15 minutes, counted for unknown addresses too (or the 429
 * would reveal which exist). Sign-in lockout does not apply here.
 */
export async function forgotPassword(
  deps: Deps,
  actor: Actor,
  input: ForgotPasswordInput,
): Promise<void> {
  // Every answer, 429 included, comes after the same floor (decision 080).
  await answerNoSoonerThan(deps.config.authAnswerFloorMs, () =>
    queuePasswordResetRequest(deps, actor, input),
  );
}

async function queuePasswordResetRequest(
  deps: Deps,
  actor: Actor,
  input: ForgotPasswordInput,
): Promise<void> {
  const now = deps.clock.now();
  const { email } = input;
  const ip = actor.ip ?? 'unknown';
  await deps.db.transaction(async (tx) => {
    // Requests for one address queue here, so four at once still count as four.
    await advisoryLock(tx, `coop.forgot.${email}`);
    const window = { windowMs: FORGOT_PASSWORD_WINDOW_MS, now };
    const wait =
      (await blockedFor(tx, {
        ...window,
        bucket: 'forgot_password_ip',
        key: ip,
        limit: FORGOT_PASSWORD_IP_LIMIT,
      })) ??
      (await blockedFor(tx, {
        ...window,
        bucket: 'forgot_password_email',
        key: email,
        limit: FORGOT_PASSWORD_MAX_ATTEMPTS,
      }));
    if (wait !== null) throw tooManyRequests(wait);
    await recordEvent(tx, { bucket: 'forgot_password_ip', key: ip, now });
    await recordEvent(tx, { bucket: 'forgot_password_email', key: email, now });
    await authRepository(tx).queueResetRequest({
      email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      createdAt: now,
    });
  });
}

/** How many queued requests one run of the job handles at most (one transaction each). */
const RESET_REQUESTS_PER_RUN = 200;

/**
 * The job's work: for each queued request, oldest first, looks the address up and, in the same
 * transaction that deletes the request, sends a reset link (1 hour, single use, replacing older
 * ones) to an active, activated member, a fresh activation link to a member who never set a
 * password, and nothing to a suspended member or an unknown address. Each outcome is audited as
 * the request's own (its IP and device). Returns how many requests it handled; never an address.
 */
export async function processPasswordResetRequests(
  deps: Deps,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ handled: number }> {
  let handled = 0;
  while (!signal.aborted && handled < RESET_REQUESTS_PER_RUN) {
    const done = await deps.db.transaction(async (tx) => {
      const request = await authRepository(tx).takeOldestResetRequest();
      if (!request) return false;
      const actor: Actor = { user: null, ip: request.ip, userAgent: request.userAgent };
      await sendPasswordResetLink(tx, deps, actor, request.email);
      return true;
    });
    if (!done) break;
    handled += 1;
  }
  return { handled };
}

async function sendPasswordResetLink(
  tx: Executor,
  deps: Deps,
  actor: Actor,
  email: string,
): Promise<void> {
  const now = deps.clock.now();
  const user = await accountByIdentifier(tx, 'email', email);
  const audit = { action: 'auth.password_reset.requested', entityType: 'user' } as const;
  if (!user) {
    await writeAudit(tx, actor, { ...audit, after: { outcome: 'unknown_email', email } });
    return;
  }
  const auditUser = { ...audit, actorId: user.id, entityId: user.id };
  if (!user.isActive) {
    await writeAudit(tx, actor, { ...auditUser, after: { outcome: 'ignored_suspended' } });
    return;
  }
  if (!user.passwordHash) {
    await writeAudit(tx, actor, { ...auditUser, after: { outcome: 'activation_link_sent' } });
    await sendActivationLink(tx, deps, actor, user.id);
    return;
  }
  const { token } = await issueOneTimeToken(tx, {
    userId: user.id,
    purpose: 'password_reset',
    now,
  });
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await writeAudit(tx, actor, { ...auditUser, after: { outcome: 'reset_link_sent' } });
  await sendMessages(tx, deps, actor, [
    { userId: user.id, template: 'passwordResetLink', facts: { link } },
  ]);
}

/**
 * Queued forgot-password requests, handled at each poll of the job worker (every few seconds),
 * so the e-mail follows the request within seconds.
 */
export const passwordResetRequestsJob: ScheduledJob = {
  name: 'password-reset-requests',
  schedule: { everyMs: 1_000 },
  leaseMs: 5 * 60_000,
  handler: async (deps, _now, signal) => {
    const { handled } = await processPasswordResetRequests(deps, signal);
    // Nothing worth a log line when nothing was queued.
    return handled > 0 ? { handled } : undefined;
  },
};

/**
 * Sets a new password from a reset link. Every session ends (tokensValidAfter and all refresh
 * families); there is no automatic sign-in. The member is e-mailed that the password changed.
 */
export async function resetPassword(
  deps: Deps,
  actor: Actor,
  input: ResetPasswordInput,
): Promise<void> {
  const now = deps.clock.now();
  // Checked before the (slow) hashing, used up after it, in the transaction that changes the password.
  const usable = { token: input.token, purpose: 'password_reset', now } as const;
  const found = await findUsableOneTimeToken(deps.db, usable);
  const owner = found && (await passwordOwner(deps.db, found.userId));
  if (!owner) throw invalidResetToken();
  await refuseUnsafeNewPassword(deps, { password: input.newPassword, field: 'newPassword', owner });
  const passwordHash = await hashPassword(input.newPassword);

  await deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, usable);
    if (!consumed) throw invalidResetToken();
    const user = await lockAccountRow(tx, consumed.userId);
    if (!user) throw invalidResetToken();
    await setPassword(tx, user.id, { passwordHash, activatedAt: user.activatedAt ?? now, now });
    await revokeAllSessions(tx, user.id, now);
    // Whoever reads the member's mail may sign in again at once: earlier failures no longer count.
    await forgetAccountFailures(tx, user);
    await writeAudit(tx, actor, {
      actorId: user.id,
      action: 'auth.password_reset.completed',
      entityType: 'user',
      entityId: user.id,
    });
    await sendMessages(tx, deps, actor, [
      { userId: user.id, template: 'passwordChanged', facts: { at: now } },
    ]);
  });
}

/**
 * Changes the signed-in member's password. Wrong current passwords count as failed sign-ins, so a
 * stolen access token cannot be used to guess the password. Every other session ends; this client
 * gets a fresh one (new access token and refresh cookie) and stays signed in.
 */
export async function changePassword(
  deps: Deps,
  actor: MemberActor,
  input: ChangePasswordInput,
): Promise<{ accessToken: string; session: IssuedRefreshToken }> {
  const now = deps.clock.now();
  const userId = actor.user.id;
  await refuseUnsafeNewPassword(deps, {
    password: input.newPassword,
    field: 'newPassword',
    owner: actor.user,
  });
  // Hashed before the row is locked: the lock is held only while the current password is checked.
  const passwordHash = await hashPassword(input.newPassword);

  // The current password is checked under the user row lock, its failure committed (decision 082).
  const session = await runWithCurrentPassword(
    deps.db,
    actor,
    { password: input.currentPassword, now, purpose: 'password_change' },
    async (tx) => {
      await setPassword(tx, userId, { passwordHash, now });
      await revokeAllSessions(tx, userId, now);
      const fresh = await startSession(tx, {
        userId,
        now,
        actor,
        policy: deps.config.sessions,
        amr: actor.amr,
      });
      await writeAudit(tx, actor, {
        action: 'auth.password_change.completed',
        entityType: 'user',
        entityId: userId,
      });
      await recordLoginEvent(tx, actor, {
        userId,
        kind: 'password_changed',
        sessionId: fresh.sessionId,
        at: now,
      });
      await sendMessages(tx, deps, actor, [
        { userId, template: 'passwordChanged', facts: { at: now } },
      ]);
      return fresh;
    },
  );
  return {
    accessToken: await deps.tokens.sign(userId, { sessionId: session.sessionId, amr: actor.amr }),
    session,
  };
}
