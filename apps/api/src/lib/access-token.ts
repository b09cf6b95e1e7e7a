import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_TTL_MINUTES } from '@coop/shared/constants';
import type { Clock } from './clock.js';

/** Access tokens: HS256 JWTs for 15 minutes, algorithm, issuer and audience pinned. */
const ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_TTL_MINUTES * 60;
const ISSUER = 'coop-portal';
const AUDIENCE = 'coop-portal-api';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
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
  return {
    async sign(userId: string): Promise<string> {
      const nowMs = clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({ iat_ms: nowMs })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },
    /** Returns null for any invalid, expired or foreign token. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        const issuedAtMs = payload['iat_ms'];
        if (!payload.sub || typeof issuedAtMs !== 'number') return null;
        return { userId: payload.sub, issuedAtMs };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
