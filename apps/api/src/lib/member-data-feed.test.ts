import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';

/**
 * The change feed of decision 179 (docs/decisions/179-member-reads-kept-at-write-time.md) as
 * `track_member_data` writes it (migration 0031): a table tracked through it notes, after each
 * statement, the members its rows concern — the inserted rows', the deleted rows', an updated
 * row's old and new ones — once each, and a null row when its "everyone" condition holds; and
 * every tracked table's triggers run a function of their own with static SQL (a kept plan), not
 * a statement built at each call.
 */

const ada = '00000000-0000-4000-8000-00000000000a';
const bola = '00000000-0000-4000-8000-00000000000b';
const chidi = '00000000-0000-4000-8000-00000000000c';
const dayo = '00000000-0000-4000-8000-00000000000d';

describe('a table tracked by track_member_data', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.execute(sql`create table feed_probe (id int primary key, owner uuid not null,
      guarantor uuid, shared boolean not null default false)`);
    // A row concerns its owner and its guarantor; a shared row concerns everyone when inserted,
    // never when updated, and every deletion concerns everyone.
    await handle.db.execute(sql`select track_member_data('feed_probe',
      'array[r.owner, r.guarantor]', 'r.shared', on_update => 'false', on_delete => 'true')`);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.execute(sql`delete from member_data_changes`);
  });

  /** The feed's rows since the last call, as sorted member ids (`everyone` for a null row). */
  async function noted(): Promise<string[]> {
    const rows = await queryRows<{ who: string }>(
      handle.db,
      sql`delete from member_data_changes returning coalesce(user_id::text, 'everyone') as who`,
    );
    return rows.map((row) => row.who).sort();
  }

  it('notes each member an insert concerns once, and everyone when its condition holds', async () => {
    await handle.db.execute(sql`insert into feed_probe (id, owner, guarantor)
      values (1, ${ada}, ${bola}), (2, ${ada}, null), (3, ${chidi}, ${ada})`);
    expect(await noted()).toEqual([ada, bola, chidi]);
    await handle.db.execute(
      sql`insert into feed_probe (id, owner, shared) values (4, ${dayo}, true)`,
    );
    expect(await noted()).toEqual([dayo, 'everyone']);
  });

  it('notes an update for the old and the new owner', async () => {
    await handle.db.execute(sql`update feed_probe set owner = ${dayo} where id = 2`);
    expect(await noted()).toEqual([ada, dayo]);
    await handle.db.execute(sql`update feed_probe set guarantor = null where id = 1`);
    expect(await noted()).toEqual([ada, bola]);
    // The update's own condition ('false'), not the insert's: a shared row updated is its members'.
    await handle.db.execute(sql`update feed_probe set owner = ${chidi} where id = 4`);
    expect(await noted()).toEqual([chidi, dayo]);
    // A statement that changes no row notes nothing.
    await handle.db.execute(sql`update feed_probe set owner = ${ada} where id = 99`);
    expect(await noted()).toEqual([]);
  });

  it('notes a delete for the deleted rows’ members, and everyone when its condition holds', async () => {
    await handle.db.execute(sql`delete from feed_probe where id in (2, 3)`);
    expect(await noted()).toEqual([ada, chidi, dayo, 'everyone']);
  });

  it('is tracked again in place: the table’s functions and triggers are replaced', async () => {
    await handle.db.execute(sql`select track_member_data('feed_probe', 'array[r.guarantor]')`);
    await handle.db.execute(sql`insert into feed_probe (id, owner, guarantor, shared)
      values (5, ${ada}, ${bola}, true)`);
    expect(await noted()).toEqual([bola]);
    await handle.db.execute(sql`delete from feed_probe where id = 5`);
    expect(await noted()).toEqual([bola]);
    const triggers = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_trigger
        where tgrelid = 'feed_probe'::regclass and tgname like 'member_data_change_%'`,
    );
    expect(triggers[0]?.n).toBe(3);
  });

  it('gives every tracked table a function of its own per event, with its SQL written out', async () => {
    const triggers = await queryRows<{ table: string; trigger: string; fn: string; body: string }>(
      handle.db,
      sql`select c.relname::text as table, t.tgname::text as trigger, p.proname::text as fn,
          p.prosrc as body
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and t.tgname like 'member_data_change_%'`,
    );
    expect(triggers.map((row) => row.table)).toEqual(
      expect.arrayContaining(['users', 'loans', 'contributions', 'loan_guarantors']),
    );
    for (const row of triggers) {
      expect(row.fn).toBe(`${row.trigger}_${row.table}`);
      expect(row.body).toMatch(/^BEGIN\n {2}insert into member_data_changes \(user_id\)/);
      expect(row.body).not.toMatch(/\bexecute\b/i);
    }
    const generic = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_proc where proname = 'note_member_data_change'`,
    );
    expect(generic[0]?.n).toBe(0);
  });
});
