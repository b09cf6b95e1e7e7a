/**
 * ASVS 5.0 V6.3 (authentication, brute force) under concurrency: PostgreSQL only, since PGlite
 * runs one statement at a time and cannot show a race.
 */
import { and, eq, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../test/database.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';

const serverUrl = requirePostgres('security: change-password race');

describe.skipIf(!serverUrl)('V6.3 the change-password limit under a race (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      handle: await createPostgresTestDatabase(serverUrl!),
      // The limit is under test, not the password-check queue: room for all twelve.
      env: { PASSWORD_CHECKS_WAITING: '32' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts twelve parallel wrong current passwords at the limit of five', async () => {
    const user = await createActiveMember(t, { email: 'racer@example.com' });
    const { accessToken } = await signIn(t, 'racer@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/change-password',
          headers: bearer(accessToken),
          payload: {
            currentPassword: `Wrong-Current-${i}`,
            newPassword: 'Brand-New-Harvest!77',
            confirmPassword: 'Brand-New-Harvest!77',
          },
        }),
      ),
    );
    const codes = answers.map((r) => r.json<{ code: string }>().code).sort();
    expect(codes).toEqual([
      ...Array<string>(8).fill('ACCOUNT_LOCKED'),
      ...Array<string>(4).fill('INVALID_CURRENT_PASSWORD'),
    ]);
    const checked = await t.db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.userId, user.id), not(signInAttempts.succeeded)));
    expect(checked).toHaveLength(5);
  });
});
