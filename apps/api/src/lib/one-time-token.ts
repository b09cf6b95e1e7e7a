import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeTokens } from '../db/schema/index.js';
import { ACTIVATION_LINK_VALIDITY_DAYS, RESET_LINK_VALIDITY_HOURS } from '@coop/shared/constants';
import type { Executor } from '../db/client.js';

export type OneTimeTokenPurpose = 'activation' | 'password_reset';

const HOUR_MS = 60 * 60 * 1000;
const TTL_MS: Record<OneTimeTokenPurpose, number> = {
  activation: ACTIVATION_LINK_VALIDITY_DAYS * 24 * HOUR_MS,
  password_reset: RESET_LINK_VALIDITY_HOURS * HOUR_MS,
};

/** 256 random bits, URL-safe: what goes into links and cookies. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the database holds no usable link or session. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a new activation or reset token for the user; any older unused token of the same purpose
 * stops working (the newest link replaces the older ones). Returns the token in clear, once.
 */
export async function issueOneTimeToken(
  tx: Executor,
  args: { userId: string; purpose: OneTimeTokenPurpose; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { userId, purpose, now } = args;
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + TTL_MS[purpose]);
  await tx.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashSecretToken(token),
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

const usable = (token: string, purpose: OneTimeTokenPurpose, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashSecretToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/** The user a still-usable token belongs to, without using it up (activation link check). */
export async function findUsableOneTimeToken(
  db: Executor,
  args: { token: string; purpose: OneTimeTokenPurpose; now: Date },
): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(usable(args.token, args.purpose, args.now))
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token up and returns its user, or null when it is unknown, expired or already used.
 * One conditional UPDATE: of two concurrent uses exactly one gets the row.
 */
export async function consumeOneTimeToken(
  tx: Executor,
  args: { token: string; purpose: OneTimeTokenPurpose; now: Date },
): Promise<{ userId: string } | null> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: args.now })
    .where(usable(args.token, args.purpose, args.now))
    .returning({ userId: oneTimeTokens.userId });
  return row ?? null;
}
