import { AUTH_MESSAGES } from '@coop/shared/messages';
import { eq, sql } from 'drizzle-orm';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
} from '@coop/shared/auth';
import { signInLockouts, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config/env.js';
import { DomainError } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { enqueueEmail } from '../../lib/outbox.js';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../lib/password.js';
import {
  consumeOneTimeToken,
  findUsableOneTimeToken,
  issueOneTimeToken,
} from '../../lib/one-time-token.js';
import { sendActivationLink } from '../members/members.service.js';
import {
  revokeAllSessions,
  startSession,
  type IssuedRefreshToken,
  type RequestMeta,
} from './sessions.js';
import { blockedFor, recordEvent } from './rate-limit.js';
import { accountLockedError, accountLockedFor, recordAccountFailure } from './sign-in-throttle.js';

export const FORGOT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
/** Requests for one e-mail address in the window; the fourth answers 429 (spec §9: 3 attempts). */
export const FORGOT_PASSWORD_PER_EMAIL = 3;
export const FORGOT_PASSWORD_PER_IP = 30;

export const PASSWORD_RESET_MESSAGE =
  'Your password has been reset. Please sign in with your new password.';

export function commonPasswordError(field: string): DomainError {
  return new DomainError('COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE, 400, [
    { field, message: COMMON_PASSWORD_MESSAGE },
  ]);
}

const invalidResetToken = () =>
  new DomainError('INVALID_RESET_TOKEN', AUTH_MESSAGES.invalidResetToken, 400);

function tooManyRequests(waitMs: number): DomainError {
  return new DomainError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyRequests, 429, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

function lagosTime(date: Date): string {
  return date.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

async function queuePasswordChangedEmail(
  tx: Executor,
  config: Config,
  user: { email: string; firstName: string },
  now: Date,
): Promise<void> {
  await enqueueEmail(tx, {
    to: user.email,
    subject: `Your ${config.cooperative.name} password was changed`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `The password of your ${config.cooperative.name} member portal account was changed on ${lagosTime(now)} (Lagos time).`,
      'Every device that was signed in has been signed out.',
      '',
      `If you did not do this, reset your password at ${config.publicUrl}/auth/forgot-password and contact ${config.cooperative.contactEmail} at once.`,
    ].join('\n'),
  });
}

/**
 * Sends a reset link (1 hour, single use, replacing older ones) when the address belongs to an
 * active, activated member. The caller answers the same in every case. Limits: 3 requests per
 * address and 30 per IP in 15 minutes, counted for unknown addresses too (or the 429 would reveal
 * which exist). A member who never set a password gets a fresh activation link instead; a
 * suspended member gets nothing. Sign-in lockout does not apply here.
 */
export async function forgotPassword(
  ctx: AppContext,
  input: ForgotPasswordInput,
  meta: RequestMeta & { ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  const { email } = input;
  const { ip } = meta;
  await ctx.db.transaction(async (tx) => {
    // Requests for one address queue here, so four at once still count as four.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coop.forgot.${email}`}))`);
    const window = { windowMs: FORGOT_PASSWORD_WINDOW_MS, now };
    const wait =
      (await blockedFor(tx, {
        ...window,
        bucket: 'forgot_password_ip',
        key: ip,
        limit: FORGOT_PASSWORD_PER_IP,
      })) ??
      (await blockedFor(tx, {
        ...window,
        bucket: 'forgot_password_email',
        key: email,
        limit: FORGOT_PASSWORD_PER_EMAIL,
      }));
    if (wait !== null) throw tooManyRequests(wait);
    await recordEvent(tx, { bucket: 'forgot_password_ip', key: ip, now });
    await recordEvent(tx, { bucket: 'forgot_password_email', key: email, now });

    const [user] = await tx.select().from(users).where(eq(users.email, email));
    const audit = { action: 'auth.password_reset.requested', entityType: 'user', ip } as const;
    if (!user) {
      await writeAudit(tx, { ...audit, after: { outcome: 'unknown_email', email } });
      return;
    }
    const auditUser = { ...audit, actorId: user.id, entityId: user.id };
    if (!user.isActive) {
      await writeAudit(tx, { ...auditUser, after: { outcome: 'ignored_suspended' } });
      return;
    }
    if (!user.passwordHash) {
      await sendActivationLink(tx, ctx, user);
      await writeAudit(tx, { ...auditUser, after: { outcome: 'activation_link_sent' } });
      return;
    }
    const { token } = await issueOneTimeToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      now,
    });
    const link = `${ctx.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, {
      to: user.email,
      subject: `Reset your ${ctx.config.cooperative.name} password`,
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone (hopefully you) asked to reset the password of your member portal account.',
        'Use this link within 1 hour to choose a new password; it works once:',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
    await writeAudit(tx, { ...auditUser, after: { outcome: 'reset_link_sent' } });
  });
}

/**
 * Sets a new password from a reset link. Every session ends (tokensValidAfter and all refresh
 * families); there is no automatic sign-in. The member is e-mailed that the password changed.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordInput,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  if (isCommonPassword(input.newPassword)) throw commonPasswordError('newPassword');
  // Checked before the (slow) hashing, used up after it, in the transaction that changes the password.
  const usable = { token: input.token, purpose: 'password_reset', now } as const;
  if (!(await findUsableOneTimeToken(ctx.db, usable))) throw invalidResetToken();
  const passwordHash = await hashPassword(input.newPassword);

  await ctx.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, usable);
    if (!consumed) throw invalidResetToken();
    const [user] = await tx.select().from(users).where(eq(users.id, consumed.userId)).for('update');
    if (!user) throw invalidResetToken();
    await tx
      .update(users)
      .set({
        passwordHash,
        activatedAt: user.activatedAt ?? now,
        tokensValidAfter: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    // Whoever reads the member's mail may sign in again at once: earlier failures no longer count.
    await tx
      .insert(signInLockouts)
      .values({ userId: user.id, lockedUntil: now, lockouts: 0, updatedAt: now })
      .onConflictDoUpdate({
        target: signInLockouts.userId,
        set: { lockedUntil: now, lockouts: 0, updatedAt: now },
      });
    await queuePasswordChangedEmail(tx, ctx.config, user, now);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'auth.password_reset.completed',
      entityType: 'user',
      entityId: user.id,
      ip: meta.ip ?? null,
    });
  });
}

/**
 * Changes the signed-in member's password. Wrong current passwords count as failed sign-ins, so a
 * stolen access token cannot be used to guess the password. Every other session ends; this client
 * gets a fresh one (new access token and refresh cookie) and stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  input: ChangePasswordInput,
  meta: RequestMeta & { ip: string },
): Promise<{ accessToken: string; session: IssuedRefreshToken }> {
  const now = ctx.clock.now();
  if (isCommonPassword(input.newPassword)) throw commonPasswordError('newPassword');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user?.passwordHash) {
    throw new DomainError('UNAUTHORIZED', 'Authentication required', 401);
  }
  const lockedMs = await accountLockedFor(ctx.db, userId, now);
  if (lockedMs !== null) throw accountLockedError(lockedMs);

  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const lockMs = await ctx.db.transaction(async (tx) => {
      const locked = await recordAccountFailure(tx, {
        userId,
        identifier: user.email,
        ip: meta.ip,
        now,
      });
      await writeAudit(tx, {
        actorId: userId,
        action: 'auth.password_change.failed',
        entityType: 'user',
        entityId: userId,
        after: { reason: 'wrong_current_password' },
        ip: meta.ip,
      });
      return locked;
    });
    if (lockMs !== null) throw accountLockedError(lockMs);
    const message = 'Current password is incorrect';
    throw new DomainError('INVALID_CURRENT_PASSWORD', message, 400, [
      { field: 'currentPassword', message },
    ]);
  }

  const passwordHash = await hashPassword(input.newPassword);
  const session = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: now, updatedAt: now })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, now);
    const fresh = await startSession(tx, { userId, now, meta });
    await queuePasswordChangedEmail(tx, ctx.config, user, now);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.password_change.completed',
      entityType: 'user',
      entityId: userId,
      ip: meta.ip,
    });
    return fresh;
  });
  return { accessToken: await ctx.tokens.sign(userId), session };
}
