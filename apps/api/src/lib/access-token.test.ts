import { describe, expect, it } from 'vitest';
import { SignJWT, decodeProtectedHeader } from 'jose';
import { accessTokens } from './access-token.js';
import { fixedClock } from './clock.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const USER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const SID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const SESSION = { sessionId: SID };

describe('access tokens', () => {
  it('verifies what it signed, with the issue time in milliseconds', async () => {
    const clock = fixedClock('2026-03-02T09:00:00.123Z');
    const tokens = accessTokens(SECRET, clock);
    // The key is imported once, lazily: concurrent first calls share it.
    const [a, b] = await Promise.all([tokens.sign(USER, SESSION), tokens.sign(USER, SESSION)]);
    expect(decodeProtectedHeader(a ?? '')).toEqual({ alg: 'HS256' });
    expect(await tokens.verify(a ?? '')).toEqual({
      userId: USER,
      issuedAtMs: clock.now().getTime(),
      sessionId: SID,
      amr: ['pwd'],
    });
    expect(await tokens.verify(b ?? '')).toEqual({
      userId: USER,
      issuedAtMs: clock.now().getTime(),
      sessionId: SID,
      amr: ['pwd'],
    });
  });

  it('refuses tokens of another key, expired ones and tampered ones', async () => {
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const tokens = accessTokens(SECRET, clock);
    const other = accessTokens(`${SECRET}-other`, clock);
    const token = await tokens.sign(USER, SESSION);

    expect(await other.verify(token)).toBeNull();
    const [header, payload, signature] = token.split('.');
    expect(await tokens.verify(`${header}.${payload}.${signature?.slice(0, -2)}AA`)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();

    clock.advance(15 * 60_000 + 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('checks the time of a token it has verified before on every call', async () => {
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const tokens = accessTokens(SECRET, clock);
    const token = await tokens.sign(USER, SESSION);
    const claims = {
      userId: USER,
      issuedAtMs: clock.now().getTime(),
      sessionId: SID,
      amr: ['pwd'],
    };
    expect(await tokens.verify(token)).toEqual(claims);

    // Remembered: a second call answers the same, and its claims cannot be changed by a caller.
    const again = await tokens.verify(token);
    expect(again).toEqual(claims);
    expect(() => again?.amr.push('otp')).toThrow();

    // Before its issue time (a clock set back) and past its 15 minutes, it no longer counts.
    clock.advance(-2000);
    expect(await tokens.verify(token)).toBeNull();
    clock.advance(2000 + 15 * 60_000 - 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await tokens.verify(token)).toBeNull();

    // A remembered token does not vouch for a tampered copy of it.
    clock.set('2026-03-02T09:00:00Z');
    const [header, payload, signature] = token.split('.');
    expect(await tokens.verify(`${header}.${payload}.${signature?.slice(0, -2)}AA`)).toBeNull();
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses another algorithm, issuer or audience even with the right key', async () => {
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const tokens = accessTokens(SECRET, clock);
    const key = new TextEncoder().encode(SECRET);
    const now = Math.floor(clock.now().getTime() / 1000);
    const forge = (alg: string, issuer: string, audience: string) =>
      new SignJWT({ iat_ms: clock.now().getTime(), sid: SID, amr: ['pwd'] })
        .setProtectedHeader({ alg })
        .setSubject(USER)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key);

    expect(await tokens.verify(await forge('HS256', 'coop-portal', 'coop-portal-api'))).toEqual({
      userId: USER,
      issuedAtMs: clock.now().getTime(),
      sessionId: SID,
      amr: ['pwd'],
    });
    expect(await tokens.verify(await forge('HS512', 'coop-portal', 'coop-portal-api'))).toBeNull();
    expect(await tokens.verify(await forge('HS256', 'someone-else', 'coop-portal-api'))).toBeNull();
    expect(await tokens.verify(await forge('HS256', 'coop-portal', 'another-api'))).toBeNull();
  });
});
