import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { createTestDatabase } from '../test/database.js';
import { insertLedgerTestMember } from '../test/ledger-members.js';
import { listFilters, listPage } from './list-query.js';

/**
 * The list helper on its own, on timestamps (the contributions suite covers calendar dates):
 * days are the cooperative's days in Lagos, search escapes LIKE's wildcards, and the total of a
 * page comes from the page's own query.
 */
describe('listPage and listFilters', () => {
  let handle: DatabaseHandle;
  let userId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    userId = await insertLedgerTestMember(handle.db, 'Lister');
    const at = [
      ['2026-03-01T22:59:00Z', '10% off'], // 23:59 on 1 March in Lagos
      ['2026-03-01T23:00:00Z', 'Plain'], // 00:00 on 2 March in Lagos
      ['2026-03-02T22:59:59Z', 'under_score'], // the last second of 2 March in Lagos
      ['2026-03-02T23:00:00Z', 'Next day'], // 3 March in Lagos
    ] as const;
    await handle.db.insert(notifications).values(
      at.map(([createdAt, title]) => ({
        userId,
        type: 'general',
        title,
        message: title,
        createdAt: new Date(createdAt),
      })),
    );
  });
  afterAll(() => handle.close());

  const titles = async (where: ReturnType<typeof listFilters.search>, limit = 10, page = 1) => {
    const { db } = handle;
    const filter = and(eq(notifications.userId, userId), where);
    const result = await listPage(
      { page, limit, sortBy: 'createdAt', sortOrder: 'asc' },
      {
        sortColumns: { createdAt: notifications.createdAt },
        tiebreakers: [notifications.id],
        fetch: (p) =>
          db
            .select({ row: { title: notifications.title }, totalItems: p.totalItems })
            .from(notifications)
            .where(filter)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
      },
    );
    return { titles: result.items.map((item) => item.title), pagination: result.pagination };
  };

  it('takes a day as the cooperative counts it, in Lagos time', async () => {
    const day = listFilters.dayBetween(notifications.createdAt, '2026-03-02', '2026-03-02');
    expect((await titles(day)).titles).toEqual(['Plain', 'under_score']);
    const from = listFilters.dayBetween(notifications.createdAt, '2026-03-03');
    expect((await titles(from)).titles).toEqual(['Next day']);
  });

  it('searches literally: % and _ are characters, not wildcards', async () => {
    const search = (term: string) =>
      listFilters.search(term, [notifications.title, notifications.message]);
    expect((await titles(search('%'))).titles).toEqual(['10% off']);
    expect((await titles(search('_'))).titles).toEqual(['under_score']);
    expect((await titles(search('PLAIN'))).titles).toEqual(['Plain']);
    expect(listFilters.search('', [notifications.title])).toBeUndefined();
  });

  it('pages with the total from the same query, and counts only past the last page', async () => {
    expect(await titles(undefined, 3, 2)).toEqual({
      titles: ['Next day'],
      pagination: {
        currentPage: 2,
        totalPages: 2,
        totalItems: 4,
        hasNext: false,
        hasPrev: true,
        limit: 3,
      },
    });
    expect((await titles(undefined, 3, 5)).pagination).toMatchObject({ totalItems: 4 });
  });
});
