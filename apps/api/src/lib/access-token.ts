import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_TTL_MINUTES } from '@coop/shared/constants';
import type { Clock } from './clock.js';

/** Access tokens: HS256 JWTs for 15 minutes, algorithm, issuer and audience pinned. */
const ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_TTL_MINUTES * 60;
const ISSUER = 'coop-portal';
const AUDIENCE = 'coop-portal-api';
const ALGORITHM = 'HS256';
const CHALLENGE_AUDIENCE = 'coop-portal-two-factor';
const CHALLENGE_TTL_SECONDS = 5 * 60;

/** How the user proved who they are (RFC 8176): a password, and a one-time code when two factors. */
export type AuthMethod = 'pwd' | 'otp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How many verified tokens a process remembers (decision 014). A member's token is sent with
 * every request for 15 minutes; checking its signature again each time was a tenth of a signed-in
 * request's CPU. Only the signature and the claims' shape are remembered: the time checks run on
 * every call, and whether the user and the sign-in still hold is read from the database on every
 * request (plugins/route-groups.ts), so nothing that suspension, logout or a password change ends
 * lives on here.
 */
const VERIFIED_TOKENS_MAX = 10_000;

interface VerifiedToken {
  claims: AccessTokenClaims;
  /** Seconds since the epoch, as in the token: its `iat`, `exp` and `nbf` (when present). */
  iat: number;
  exp: number;
  nbf: number | undefined;
}

export interface AccessTokenClaims {
  userId: string;
  /**
   * The sign-in (refresh family) the token belongs to: checked on every request, so logout,
   * a password change or a suspension ends the access token at once (decision 080).
   */
  sessionId: string;
  /** `['pwd']`, or `['pwd', 'otp']` when the sign-in passed the second factor. */
  amr: AuthMethod[];
  /**
   * Issue time in milliseconds, compared with the user's tokensValidAfter. The standard `iat` is
   * in whole seconds, which would let a token minted just before a suspension or password change,
   * in the same second, live on for 15 minutes.
   */
  issuedAtMs: number;
}

export function accessTokens(secret: string, clock: Clock) {
  // The HMAC key is imported once, on first use: handed raw bytes, jose imports them again on
  // every call, a third of the cost of verifying each signed-in request's token.
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  const verified = new Map<string, VerifiedToken>();
  /** jose's time checks (no clock tolerance), on a remembered token: null once they fail. */
  const stillTimely = (entry: VerifiedToken): AccessTokenClaims | null => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const age = now - entry.iat;
    if (entry.exp <= now || age > ACCESS_TOKEN_TTL_SECONDS || age < 0) return null;
    if (entry.nbf !== undefined && entry.nbf > now) return null;
    return entry.claims;
  };
  const remember = (token: string, entry: VerifiedToken) => {
    // Full: the first remembered goes (tokens last 15 minutes, so it is about the oldest).
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, entry);
  };
  return {
    async sign(
      userId: string,
      session: { sessionId: string; amr?: AuthMethod[] },
    ): Promise<string> {
      const nowMs = clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({ iat_ms: nowMs, sid: session.sessionId, amr: session.amr ?? ['pwd'] })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },
    /**
     * The 5-minute proof that the password was right, exchanged with the second factor's code
     * at POST /auth/login/two-factor (another audience: never an access token).
     */
    async signChallenge(userId: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(CHALLENGE_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + CHALLENGE_TTL_SECONDS)
        .sign(await hmacKey());
    },
    async verifyChallenge(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: CHALLENGE_AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
    /**
     * Returns null for any invalid, expired or foreign token, and for one signed with the key but
     * not shaped as this module signs them: `exp`, `iat`, a UUID `sub` and `sid`, an `iat_ms`
     * within the second of `iat`, and `amr` are all required. A token whose signature was
     * verified before is not verified again: only its time is checked (see VERIFIED_TOKENS_MAX).
     */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      const known = verified.get(token);
      if (known) return stillTimely(known);
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
        });
        const { sub, iat, sid, amr } = payload;
        const issuedAtMs = payload['iat_ms'];
        if (typeof sub !== 'string' || !UUID.test(sub)) return null;
        if (typeof sid !== 'string' || !UUID.test(sid)) return null;
        if (typeof issuedAtMs !== 'number' || !Number.isSafeInteger(issuedAtMs)) return null;
        if (typeof iat !== 'number' || Math.floor(issuedAtMs / 1000) !== iat) return null;
        if (!Array.isArray(amr) || !amr.every((m) => m === 'pwd' || m === 'otp')) return null;
        // Frozen: the same claims answer every later request with this token.
        const claims: AccessTokenClaims = Object.freeze({
          userId: sub,
          issuedAtMs,
          sessionId: sid,
          amr: Object.freeze([...(amr as AuthMethod[])]) as AuthMethod[],
        });
        // jose has checked that `exp` is a number (required) and `nbf`, when present, too.
        remember(token, { claims, iat, exp: payload.exp as number, nbf: payload.nbf });
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
