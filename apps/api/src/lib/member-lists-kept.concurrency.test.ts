import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTIONS_DEFAULT_QUERY } from '@coop/shared/constants';
import { systemActor } from './actor.js';
import { listBody } from './list-query.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../test/database.js';
import { recordContributions } from '../modules/contributions/contributions.service.js';
import { contributionsRepository } from '../modules/contributions/contributions.repository.js';
import { NOTIFICATIONS_FIRST_PAGE } from '../modules/notifications/notifications.service.js';
import { notificationsRepository } from '../modules/notifications/notifications.repository.js';

// PGlite runs one query at a time, so races only show on a real PostgreSQL server.
const serverUrl = requirePostgres('kept member lists concurrency');

/**
 * The first pages of the contributions and notifications kept at write time (decision 185) while
 * posts for the member commit beside the reads (each post writes a contribution and a
 * notification): whatever order the reads keep their pages in, the page after the posts is the
 * one computed fresh.
 */
describe.skipIf(!serverUrl)('kept member lists under concurrent writes (PostgreSQL)', () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof createActiveMember>>;
  let token: string;

  const urls = [
    '/api/v1/users/contributions',
    '/api/v1/users/notifications?page=1&limit=10',
  ] as const;
  const read = (url: string) => t.app.inject({ url, headers: bearer(token) });
  const fresh = async (url: string) => {
    if (url.includes('contributions')) {
      return listBody(
        await contributionsRepository(t.db).page(ada.id, { ...CONTRIBUTIONS_DEFAULT_QUERY }),
      );
    }
    const page = await notificationsRepository(t.db).page(ada.id, { ...NOTIFICATIONS_FIRST_PAGE });
    return listBody(page, { summary: { unreadCount: page.also.unreadCount } });
  };

  beforeAll(async () => {
    t = await createTestApp({
      handle: await createPostgresTestDatabase(serverUrl!),
      now: '2025-06-15T09:00:00Z',
    });
    ada = await createActiveMember(t, { email: 'ada@test.coop', joinedOn: '2023-01-10' });
    token = (await signIn(t, 'ada@test.coop')).accessToken;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers what was committed last after twenty posts raced with eighty reads', async () => {
    const posts = Array.from({ length: 20 }, (_, n) => {
      const month = `${2023 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
      return recordContributions(t.deps, systemActor, {
        deductions: [
          {
            userId: ada.id,
            month,
            contributionDate: `${month}-25`,
            savingsKobo: 1_000_000 + n,
            sharesKobo: 0,
          },
        ],
      });
    });
    const reads = Array.from({ length: 80 }, (_, n) => read(urls[n % 2]!));
    const [answers] = await Promise.all([Promise.all(reads), Promise.all(posts)]);
    // Under test every kept page read during the race was also checked against a fresh one.
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const url of urls) {
      const now = await fresh(url);
      expect((await read(url)).body, url).toBe(now);
      expect((await read(url)).body, url).toBe(now);
    }
    expect(JSON.parse(await fresh(urls[0])).pagination.totalItems).toBe(20);
  });
});
