import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { createTestDatabase } from '../test/database.js';
import { insertLedgerTestMember } from '../test/ledger-members.js';
import { koboToNaira } from '@coop/shared/money';
import {
  checkListStatements,
  jsonValues,
  listBody,
  listFilters,
  listPage,
  listPageJson,
  listValues,
} from './list-query.js';

/**
 * The list helper on its own, on timestamps (the contributions suite covers calendar dates):
 * days are the cooperative's days in Lagos, search escapes LIKE's wildcards, and the total of a
 * page comes from the page's own query.
 */
describe('listPage and listFilters', () => {
  let handle: DatabaseHandle;
  let userId: string;
  let otherId: string;

  beforeAll(async () => {
    // As an app under test does (app.ts).
    checkListStatements(true);
    handle = await createTestDatabase();
    userId = await insertLedgerTestMember(handle.db, 'Lister');
    otherId = await insertLedgerTestMember(handle.db, 'Other lister');
    await handle.db.insert(notifications).values([
      {
        userId: otherId,
        type: 'general',
        title: 'Theirs',
        message: 'Theirs',
        createdAt: new Date('2026-03-04T10:00:00Z'),
      },
      {
        userId: otherId,
        type: 'general',
        title: 'Theirs, read',
        message: 'Theirs',
        createdAt: new Date('2026-03-05T09:00:00Z'),
        readAt: new Date('2026-03-05T10:00:00Z'),
      },
    ]);
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
      listFilters.search(listValues.contains(term), [notifications.title, notifications.message]);
    expect((await titles(search('%'))).titles).toEqual(['10% off']);
    expect((await titles(search('_'))).titles).toEqual(['under_score']);
    expect((await titles(search('PLAIN'))).titles).toEqual(['Plain']);
    expect(listFilters.search(listValues.contains(''), [notifications.title])).toBeUndefined();
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

  describe('a list prepared once per shape (decision 143)', () => {
    /** The statement names prepared, in order: one per shape, never one per request. */
    const prepared: string[] = [];

    /** A member's notifications as a prepared list; `leak` reads the member from the closure. */
    async function listed(
      member: string,
      filters: { search?: string; read?: boolean; sortOrder?: 'asc' | 'desc' } = {},
      options: { statement?: string; leak?: boolean } = {},
    ) {
      const { db } = handle;
      const result = await listPage(
        { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: filters.sortOrder ?? 'asc' },
        {
          db,
          statement: options.statement ?? 'test_notifications',
          values: {
            userId: member,
            search: listValues.contains(filters.search),
            read: filters.read || undefined,
          },
          sortColumns: { createdAt: notifications.createdAt },
          tiebreakers: [notifications.id],
          select: (page, bound) => {
            const select = db
              .select({ row: { title: notifications.title }, totalItems: page.totalItems })
              .from(notifications)
              .where(
                and(
                  eq(notifications.userId, options.leak ? member : bound.userId),
                  listFilters.search(bound.search, [notifications.title]),
                  bound.read ? sql`${notifications.readAt} is not null` : undefined,
                ),
              )
              .orderBy(...page.orderBy)
              .limit(page.limit)
              .offset(page.offset);
            const prepare = select.prepare.bind(select);
            return Object.assign(select, {
              prepare: (name: string) => {
                prepared.push(name);
                return prepare(name);
              },
            });
          },
        },
      );
      return result.items.map((item) => item.title);
    }

    it("serves each member their own rows from one statement, never another member's", async () => {
      prepared.length = 0;
      const own = { statement: 'test_members' };
      expect(await listed(userId, {}, own)).toEqual([
        '10% off',
        'Plain',
        'under_score',
        'Next day',
      ]);
      expect(await listed(otherId, {}, own)).toEqual(['Theirs', 'Theirs, read']);
      expect(await listed(userId, {}, own)).toEqual([
        '10% off',
        'Plain',
        'under_score',
        'Next day',
      ]);
      expect(prepared).toHaveLength(1);
    });

    it('gives each filter shape its own statement, and reuses it for that shape only', async () => {
      prepared.length = 0;
      const shapes = { statement: 'test_shapes' };
      expect(await listed(userId, { search: 'plain' }, shapes)).toEqual(['Plain']);
      expect(await listed(userId, {}, shapes)).toHaveLength(4);
      expect(await listed(otherId, { search: 'read' }, shapes)).toEqual(['Theirs, read']);
      expect(await listed(otherId, { read: true }, shapes)).toEqual(['Theirs, read']);
      expect(await listed(otherId, { read: true, search: 'nothing' }, shapes)).toEqual([]);
      expect(await listed(userId, { read: true }, shapes)).toEqual([]);
      expect(await listed(userId, { sortOrder: 'desc' }, shapes)).toEqual([
        'Next day',
        'under_score',
        'Plain',
        '10% off',
      ]);
      expect(await listed(userId, { search: '_' }, shapes)).toEqual(['under_score']);
      // search; none; read; read and search; the other sort: five shapes for eight requests.
      expect(prepared).toHaveLength(5);
      expect(new Set(prepared).size).toBe(5);
    });

    it('fails under test when select reads a value it was not given to bind', async () => {
      const leaky = { statement: 'test_notifications_leaky', leak: true };
      expect(await listed(userId, {}, leaky)).toHaveLength(4);
      await expect(listed(otherId, {}, leaky)).rejects.toThrow(/built another statement/);
    });
  });

  describe('a page PostgreSQL writes as one JSON value (decision 165)', () => {
    /** An amount in kobo from the title, to see naira written as JavaScript writes them. */
    const koboOf = sql`(length(${notifications.title}) * 1050 + 5)`;

    const page = (member: string, window: { page?: number; limit?: number; desc?: boolean }) =>
      listPageJson(
        {
          page: window.page ?? 1,
          limit: window.limit ?? 10,
          sortBy: 'createdAt',
          sortOrder: window.desc ? 'desc' : 'asc',
        },
        {
          db: handle.db,
          statement: 'test_json',
          values: { userId: member },
          sortColumns: { createdAt: notifications.createdAt },
          tiebreakers: [notifications.id],
          select: (p, bound) =>
            handle.db
              .select({
                item: p.item(
                  jsonValues.object({
                    title: notifications.title,
                    read: sql`${notifications.readAt} is not null`,
                    readAt: jsonValues.instant(notifications.readAt),
                    createdAt: jsonValues.instant(notifications.createdAt),
                    amount: jsonValues.naira(koboOf),
                  }),
                ),
                totalItems: p.totalItems,
              })
              .from(notifications)
              .where(eq(notifications.userId, bound.userId))
              .orderBy(...p.orderBy)
              .limit(p.limit)
              .offset(p.offset),
          also: (bound) => ({
            unread: sql<number>`(select count(*) from ${notifications}
              where ${notifications.userId} = ${bound.userId} and ${notifications.readAt} is null)`.mapWith(
              Number,
            ),
          }),
        },
      );

    it('writes the items as JSON.stringify writes them, in the page order, with the total', async () => {
      const theirs = await page(otherId, { desc: true });
      const expected = [
        {
          title: 'Theirs, read',
          read: true,
          readAt: '2026-03-05T10:00:00.000Z',
          createdAt: '2026-03-05T09:00:00.000Z',
          amount: koboToNaira(12 * 1050 + 5),
        },
        {
          title: 'Theirs',
          read: false,
          readAt: null,
          createdAt: '2026-03-04T10:00:00.000Z',
          amount: koboToNaira(6 * 1050 + 5),
        },
      ];
      expect(theirs.itemsJson).toBe(JSON.stringify(expected));
      expect(theirs.pagination.totalItems).toBe(2);
      expect(theirs.also).toEqual({ unread: 1 });
      expect(JSON.parse(listBody(theirs, { summary: { n: 1 } }))).toEqual({
        success: true,
        data: expected,
        pagination: theirs.pagination,
        summary: { n: 1 },
      });
      // The same statement, another member: their own rows.
      const mine = await page(userId, { limit: 2 });
      expect((JSON.parse(mine.itemsJson) as { title: string }[]).map((i) => i.title)).toEqual([
        '10% off',
        'Plain',
      ]);
      expect(mine.pagination).toMatchObject({ totalItems: 4, totalPages: 2, hasNext: true });
    });

    it('gives an empty page its row: [] with the total, read from page 1 past the last page', async () => {
      const past = await page(userId, { page: 3, limit: 2 });
      expect(past.itemsJson).toBe('[]');
      expect(past.pagination).toMatchObject({ currentPage: 3, totalItems: 4 });
      expect(past.also).toEqual({ unread: 4 });
      const nobody = await page('00000000-0000-4000-8000-000000000000', {});
      expect(nobody.itemsJson).toBe('[]');
      expect(nobody.pagination.totalItems).toBe(0);
    });
  });
});
