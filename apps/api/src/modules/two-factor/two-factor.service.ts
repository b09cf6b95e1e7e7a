/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step), decision 080.
 * The secret is encrypted at rest with TWO_FACTOR_KEY (AES-256-GCM); each time step is accepted
 * once (`last_step`); ten single-use recovery codes are stored as SHA-256.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  type DisableTwoFactorInput,
  type EnableTwoFactorInput,
  type StartTwoFactorSetupInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@coop/shared/security';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { hashSecretToken } from '../../lib/one-time-token.js';
import {
  recordWrongSecondFactor,
  runWithCurrentPassword,
} from '../credentials/re-authentication.service.js';
import { recordLoginEvent } from '../login-history/login-history.service.js';
import { markSecondFactorPassed } from '../sessions/sessions.service.js';
import { propose } from '../proposals/propose.service.js';
import { lockAccountRow } from '../members/members.service.js';
import { twoFactorRepository } from './two-factor.repository.js';

/**
 * Every demo officer is enrolled in two-factor sign-in with this published secret (README,
 * docs/officers.md): add it to an authenticator app, or print the current code with
 * `npm run admin -- demo-code`. Officers cannot use the back office without a second factor.
 */
export const DEMO_TWO_FACTOR_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const PERIOD_SECONDS = 30;
const ISSUER = 'Coop Portal';

/**
 * A refused code. One that was right a moment ago but is used up (each time step signs in once)
 * says so: the member typed the code they just used, and "not right" would send them to check a
 * correct app. Both count as a wrong guess.
 */
export const invalidCode = (justUsed = false) =>
  new DomainError({
    code: 'INVALID_TWO_FACTOR_CODE',
    message: justUsed
      ? 'That code was just used. Wait for the next code in your authenticator app.'
      : 'That code is not right. Check your authenticator app and try again.',
    details: [
      { field: 'code', message: justUsed ? 'That code was just used' : 'That code is not right' },
    ],
  });

export type SecondFactorCheck =
  { ok: true; method: 'totp' | 'recovery_code' } | { ok: false; justUsed: boolean };

// --- the secret at rest -------------------------------------------------------------------------

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The time step a code matches (±1 step around now), or null. */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32, '').validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

// --- use cases ----------------------------------------------------------------------------------

export async function getTwoFactorStatus(deps: Deps, actor: MemberActor): Promise<TwoFactorStatus> {
  const userId = actor.user.id;
  const repo = twoFactorRepository(deps.db);
  const row = await repo.secretOf(userId);
  const enabled = Boolean(row?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(userId) : 0 };
}

/**
 * A new secret, pending until `enableTwoFactor` confirms a code from it. Enrolment starts with the
 * current password (ASVS V7.5.1, decision 082): whoever holds only the session cannot tie the
 * account to their own phone. The code that confirms it then proves the app has the secret.
 */
export async function startTwoFactorSetup(
  deps: Deps,
  actor: MemberActor,
  input: StartTwoFactorSetupInput,
): Promise<TwoFactorSetup> {
  const userId = actor.user.id;
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const reAuthentication = {
    password: input.currentPassword,
    now: deps.clock.now(),
    purpose: 'two_factor_setup',
  } as const;
  await runWithCurrentPassword(deps.db, actor, reAuthentication, async (tx) => {
    const repo = twoFactorRepository(tx);
    const current = await repo.secretOf(userId, true);
    if (current?.enabledAt) {
      throw new DomainError({
        code: 'TWO_FACTOR_ALREADY_ENABLED',
        message: 'Two-factor sign-in is already on',
      });
    }
    const values = {
      secretEncrypted: encryptSecret(deps.config.twoFactorKey, secret),
      enabledAt: null,
      lastStep: null,
      createdAt: deps.clock.now(),
    };
    await repo.putSecret(userId, values);
  });
  const otpauthUrl = totpFor(secret, actor.user.email).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/** Confirms the pending secret with a code; answers the ten recovery codes, shown once. */
export async function enableTwoFactor(
  deps: Deps,
  actor: MemberActor,
  input: EnableTwoFactorInput,
): Promise<{ recoveryCodes: string[] }> {
  const userId = actor.user.id;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const repo = twoFactorRepository(tx);
    const pending = await repo.secretOf(userId, true);
    if (!pending || pending.enabledAt) {
      throw new DomainError({
        code: 'TWO_FACTOR_NOT_PENDING',
        message: 'Start the set-up again to get a new code to scan',
      });
    }
    const secret = decryptSecret(deps.config.twoFactorKey, pending.secretEncrypted);
    const step = matchingStep(secret, input.code, now);
    if (step === null) throw invalidCode();
    await repo.updateSecret(userId, { enabledAt: now, lastStep: step });
    const recoveryCodes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      userId,
      recoveryCodes.map((code) => hashSecretToken(normalizeRecoveryCode(code))),
      now,
    );
    // The sign-in that turned it on has just shown the password (at set-up) and a code: it counts
    // as a two-factor sign-in from its next access token (POST /auth/refresh), so an officer who
    // enrols reaches the back office without signing in again.
    if (actor.sessionId) {
      await markSecondFactorPassed(tx, { sessionId: actor.sessionId, userId });
    }
    await recordLoginEvent(tx, actor, {
      userId,
      kind: 'two_factor_enabled',
      sessionId: actor.sessionId ?? null,
      at: now,
    });
    await writeAudit(tx, actor, {
      action: 'auth.two_factor.enabled',
      entityType: 'user',
      entityId: userId,
    });
    await sendMessages(tx, deps, actor, [
      { userId, template: 'twoFactorChanged', facts: { at: now, enabled: true, byOfficer: false } },
    ]);
    return { recoveryCodes };
  });
}

/**
 * Checks a second-factor code (6 digits or a recovery code) of a user whose row the caller has
 * locked; a matching code is used up. Returns how it matched, or that it did not (and whether
 * it was a code of a time step already used).
 */
export async function useSecondFactor(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  args: { userId: string; code: string; now: Date },
): Promise<SecondFactorCheck> {
  const repo = twoFactorRepository(tx);
  const row = await repo.secretOf(args.userId, true);
  if (!row?.enabledAt) return { ok: false, justUsed: false };
  if (/^\d{6}$/.test(args.code)) {
    const step = matchingStep(
      decryptSecret(deps.config.twoFactorKey, row.secretEncrypted),
      args.code,
      args.now,
    );
    // Single use: a step at or before the last one used is refused.
    if (step === null) return { ok: false, justUsed: false };
    if (row.lastStep !== null && step <= row.lastStep) return { ok: false, justUsed: true };
    await repo.updateSecret(args.userId, { lastStep: step });
    return { ok: true, method: 'totp' };
  }
  const used = await repo.useRecoveryCode(
    args.userId,
    hashSecretToken(normalizeRecoveryCode(args.code)),
    args.now,
  );
  return used ? { ok: true, method: 'recovery_code' } : { ok: false, justUsed: false };
}

/**
 * Enrols a user with a secret given in clear, as if they had scanned it and confirmed a code.
 * Only the demo seed does this: its officers share a published secret so that a newcomer signs
 * in to the demo back office at once (docs/officers.md "Two-factor"). Never in production, where
 * the demo is refused.
 */
export async function enrolWithKnownSecret(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  args: { userId: string; secretBase32: string; now: Date },
): Promise<void> {
  const values = {
    secretEncrypted: encryptSecret(deps.config.twoFactorKey, args.secretBase32),
    enabledAt: args.now,
    lastStep: null,
    createdAt: args.now,
  };
  await twoFactorRepository(tx).putSecret(args.userId, values);
}

/**
 * The code a user enrolled with `secretBase32` can sign in with now: the current time step's,
 * or the next one's when the current was used (each step signs in once; the next is accepted
 * already). Null when the account is not enrolled with that secret, or both steps are used.
 */
export async function usableCode(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  args: { userId: string; secretBase32: string; now: Date },
): Promise<{ code: string; validUntil: Date } | null> {
  const row = await twoFactorRepository(tx).secretOf(args.userId);
  if (!row?.enabledAt) return null;
  if (decryptSecret(deps.config.twoFactorKey, row.secretEncrypted) !== args.secretBase32) {
    return null;
  }
  const current = Math.floor(args.now.getTime() / 1000 / PERIOD_SECONDS);
  const step = Math.max(current, (row.lastStep ?? -1) + 1);
  if (step > current + 1) return null;
  const code = totpFor(args.secretBase32, '').generate({
    timestamp: step * PERIOD_SECONDS * 1000,
  });
  // Accepted up to one step after its own.
  return { code, validUntil: new Date((step + 2) * PERIOD_SECONDS * 1000) };
}

/** Whether the user signs in with a second factor. */
export async function hasTwoFactor(tx: Executor, userId: string): Promise<boolean> {
  const row = await twoFactorRepository(tx).secretOf(userId);
  return Boolean(row?.enabledAt);
}

/**
 * Turning it off takes the password and a code (or a recovery code). A wrong code counts as a
 * failed sign-in and is audited as at sign-in (decision 084), so it cannot be guessed at leisure
 * with a stolen password: the fifth wrong guess in 15 minutes spends the session's budget
 * (decision 093) and the rest of the quarter hour is refused.
 */
export async function disableTwoFactor(
  deps: Deps,
  actor: MemberActor,
  input: DisableTwoFactorInput,
): Promise<void> {
  const userId = actor.user.id;
  const now = deps.clock.now();
  const refused = await runWithCurrentPassword(
    deps.db,
    actor,
    { password: input.password, now, purpose: 'two_factor_disable', field: 'password' },
    async (tx): Promise<DomainError | null> => {
      if (!(await hasTwoFactor(tx, userId))) {
        throw new DomainError({
          code: 'TWO_FACTOR_NOT_ENABLED',
          message: 'Two-factor sign-in is off',
        });
      }
      const check = await useSecondFactor(tx, deps, { userId, code: input.code, now });
      if (!check.ok) {
        // Returned, not thrown: the failure must commit for the count to hold.
        const { locked } = await recordWrongSecondFactor(tx, actor, {
          now,
          purpose: 'two_factor_disable',
        });
        await recordLoginEvent(tx, actor, {
          userId,
          kind: locked ? 'locked_out' : 'two_factor_failed',
          at: now,
        });
        return locked ?? invalidCode(check.justUsed);
      }
      await removeTwoFactor(tx, userId);
      await recordLoginEvent(tx, actor, {
        userId,
        kind: 'two_factor_disabled',
        sessionId: actor.sessionId ?? null,
        at: now,
      });
      await writeAudit(tx, actor, {
        action: 'auth.two_factor.disabled',
        entityType: 'user',
        entityId: userId,
      });
      await sendMessages(tx, deps, actor, [
        {
          userId,
          template: 'twoFactorChanged',
          facts: { at: now, enabled: false, byOfficer: false },
        },
      ]);
      return null;
    },
  );
  if (refused) throw refused;
}

async function removeTwoFactor(tx: Executor, userId: string): Promise<void> {
  await twoFactorRepository(tx).remove(userId);
}

/** An administrator turns a member's two-factor off (lost phone and codes); audited. */
export async function resetTwoFactor(
  deps: Deps,
  actor: Actor,
  { userId }: { userId: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockAccountRow(tx, userId);
    if (!user) throw new DomainError({ code: 'NOT_FOUND', message: 'Member not found' });
    const had = await hasTwoFactor(tx, userId);
    await removeTwoFactor(tx, userId);
    await recordLoginEvent(tx, actor, { userId, kind: 'two_factor_disabled', at: now });
    await writeAudit(tx, actor, {
      action: 'auth.two_factor.reset',
      entityType: 'user',
      entityId: userId,
      after: { wasEnabled: had },
    });
    if (had) {
      await sendMessages(tx, deps, actor, [
        {
          userId,
          template: 'twoFactorChanged',
          facts: { at: now, enabled: false, byOfficer: true },
        },
      ]);
    }
  });
}

/**
 * POST /admin/users/{id}/two-factor/reset on an officer: turning an officer's second factor off
 * is a two-person change (a takeover needs it; docs/administrators.md "Approvals"). Answers
 * whether it was proposed; a member's reset stays immediate.
 */
export async function proposeTwoFactorResetOfOfficer(
  deps: Deps,
  actor: MemberActor,
  { userId }: { userId: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await lockAccountRow(tx, userId);
    if (!row || row.roles.length === 0) return false;
    await propose(tx, deps, actor, {
      kind: 'officer.two_factor_reset',
      targetUserId: userId,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    return true;
  });
}
