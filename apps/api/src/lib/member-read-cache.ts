/**
 * Member reads kept at write time (docs/decisions/179-member-reads-kept-at-write-time.md): a
 * member's answer to a read that is costly to compute (the dashboard) or read far more often than
 * it changes (the first page of their loans, contributions and notifications, decision 185) is
 * kept in the database as the JSON text the API sends, and answered again, with the session
 * check, in ONE small statement for as long as nothing it was read from has changed.
 *
 * - **What changed is written by the database.** A statement-level trigger on every table such a
 *   read reads (`track_member_data`, migrations 0029 and 0031: a function per table and event,
 *   its SQL written out) adds a row to `member_data_changes` for each member the statement's rows
 *   concern (a null row: every member). A member's data version is the sum of the weights of
 *   their rows and the null ones (`memberDataVersionSql`): every committed change that concerns
 *   them makes it larger.
 * - **A miss** computes the answer as before, in a statement that also reads the version (the same
 *   snapshot as the data), and keeps `(body, day, version)` in `member_read_cache`.
 * - **A hit** is one prepared statement: the session check (decision 108) and the kept row whose day
 *   is today and whose version is the member's version now. A change committed after the miss's
 *   snapshot makes the version now larger than the one kept, so an older answer never matches
 *   again, whatever order racing readers keep theirs in; logout, suspension and a password change
 *   still refuse the very next request (the check reads the database, decision 083).
 * - **The code is part of the key.** A kept answer also names the code that wrote it
 *   (`codeVersion`): a release that words or shapes an answer otherwise never sends one kept by
 *   the release before, in any process.
 * - **Under test** (`checkKeptReads`), every hit is computed again and must be the same text when
 *   the version has not moved in between: the whole API suite checks the kept answers wherever it
 *   reads one.
 * - **A view is kept only when every input is tracked or is the day** (decision 185): each table
 *   its statement reads carries the triggers, a change to another member's row that shows in it
 *   notes this member (or everyone), and it reads no clock and no setting. A list keeps its
 *   default first page only (`keptFirstPage`): any other page, sort or filter is computed as
 *   before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate } from '@coop/shared/dates';
import type { Database, Executor } from '../db/client.js';
import { memberDataChanges, memberReadCache } from '../db/schema/index.js';
import { pendingSession } from './pending-session.js';

/**
 * The reads kept: the `view` of a kept row. The dashboard (decision 179); the default first page
 * of the member's loans, contributions and notifications (decision 185).
 */
export type MemberReadView = 'dashboard' | 'loans' | 'contributions' | 'notifications';

/** A member's kept read: whose, which, and the day it is for (its answer depends on the day). */
export interface MemberRead {
  view: MemberReadView;
  userId: string;
  day: IsoDate;
}

/** A freshly computed answer: the JSON text sent, and the member's data version it was read at. */
export interface FreshMemberRead {
  body: string;
  /** `memberDataVersionSql` as text, read in the same statement as the answer's data. */
  version: string;
}

/**
 * A member's rows (with the null ones) beyond which a miss folds them into one: what a hit sums
 * stays a handful of index entries.
 */
export const FOLD_MEMBER_DATA_CHANGES_AFTER = 16;

const d = memberDataChanges;

/**
 * The member's data version as text: a scalar subquery to select in the SAME statement as the data
 * an answer is computed from (one snapshot), so the version kept says exactly what the answer saw.
 */
export function memberDataVersionSql(userId: string | SQL): SQL<string> {
  return sql<string>`(select coalesce(sum(${d.weight}), 0)::text from ${d}
    where ${d.userId} = ${userId} or ${d.userId} is null)`;
}

let codeVersion: string | undefined;

/**
 * A fingerprint of the code that writes kept answers: the API's files (its `src`, or `dist` where
 * it runs built) and the shared package's, tests left out. Read once per process (a few
 * milliseconds); any change to them, wording included, gives another.
 */
export function currentCodeVersion(): string {
  if (codeVersion) return codeVersion;
  const api = fileURLToPath(new URL('..', import.meta.url));
  const shared = path.resolve(api, '../../../packages/shared');
  const hash = createHash('sha256');
  for (const root of [api, path.join(shared, 'src'), path.join(shared, 'dist')]) {
    if (!existsSync(root)) continue;
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|js|mjs|json)$/.test(file) && !/\.test\.|\.d\.ts$/.test(file))
      .sort();
    for (const file of files) {
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return (codeVersion = hash.digest('hex').slice(0, 16));
}

const USER_ID = sql.placeholder('userId');
const VIEW = sql.placeholder('view');
const DAY = sql.placeholder('day');
const CODE_VERSION = sql.placeholder('codeVersion');

function hitStatement(db: Executor, session: SQL | null) {
  const c = memberReadCache;
  return db
    .select({
      session: session ?? sql<unknown>`null`,
      version: sql<string>`v.version::text`,
      changes: sql<number>`v.changes`.mapWith(Number),
      body: sql<string | null>`(select ${c.body} from ${c}
        where ${c.userId} = ${USER_ID} and ${c.view} = ${VIEW} and ${c.day} = ${DAY}
          and ${c.version} = v.version and ${c.codeVersion} = ${CODE_VERSION})`,
    })
    .from(
      sql`(select coalesce(sum(${d.weight}), 0) as version, count(*) as changes from ${d}
        where ${d.userId} = ${USER_ID} or ${d.userId} is null) v`,
    )
    .prepare(session ? 'member_read_hit_with_session' : 'member_read_hit');
}

function keepStatement(db: Executor) {
  const c = memberReadCache;
  return db
    .insert(c)
    .values({
      userId: USER_ID,
      view: VIEW,
      day: DAY,
      version: sql.placeholder('version'),
      codeVersion: CODE_VERSION,
      body: sql.placeholder('body'),
    })
    .onConflictDoUpdate({
      target: [c.userId, c.view],
      set: {
        day: sql`excluded.day`,
        version: sql`excluded.version`,
        codeVersion: sql`excluded.code_version`,
        body: sql`excluded.body`,
      },
    })
    .prepare('member_read_keep');
}

interface Statements {
  hit: Map<boolean, ReturnType<typeof hitStatement>>;
  keep?: ReturnType<typeof keepStatement>;
}
const statementsOf = new WeakMap<Executor, Statements>();

function statements(db: Executor): Statements {
  let found = statementsOf.get(db);
  if (!found) statementsOf.set(db, (found = { hit: new Map() }));
  return found;
}

let checkKept = false;

/**
 * Under test, every kept answer is also computed fresh and must be the same text (unless a change
 * was committed in between). The app turns it on when its config says `test` (app.ts), as it does
 * the serializer's cross-check; never in production or in the bench.
 */
export function checkKeptReads(on: boolean): void {
  checkKept = on;
}

/**
 * The member's answer to `read`: the kept one when it still holds, else `fresh()`'s, kept for the
 * next time. Makes the route's pending session check (decision 108) in its first statement, so
 * `fresh` runs with the caller checked (401/403 come first, as before).
 */
export async function keptMemberRead(
  db: Database,
  read: MemberRead,
  fresh: () => Promise<FreshMemberRead>,
): Promise<string> {
  const session = pendingSession();
  const byShape = statements(db).hit;
  let hit = byShape.get(session !== undefined);
  if (!hit) byShape.set(session !== undefined, (hit = hitStatement(db, session?.column ?? null)));
  const values = {
    userId: read.userId,
    view: read.view,
    day: read.day,
    codeVersion: currentCodeVersion(),
  };
  const [row] = await hit.execute(session ? { ...values, ...session.values } : values);
  await session?.settle(row?.session ?? null);
  if (row && row.body !== null) {
    if (checkKept) await checkKeptAnswer(read, row.body, row.version, fresh);
    return row.body;
  }
  const answer = await fresh();
  const kept = statements(db);
  kept.keep ??= keepStatement(db);
  await kept.keep.execute({ ...values, version: answer.version, body: answer.body });
  if ((row?.changes ?? 0) > FOLD_MEMBER_DATA_CHANGES_AFTER) {
    await foldMemberDataChanges(db, read.userId);
  }
  return answer.body;
}

/** A list's default first page: what its page, limit and sort are when the query names none. */
export interface FirstPage {
  page: 1;
  limit: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/**
 * Whether a parsed list query asks for exactly the default first page: its window the defaults,
 * and no filter or search (every other key absent).
 */
export function isFirstPage(query: object, first: FirstPage): boolean {
  const window: Record<string, unknown> = { ...first };
  return Object.entries(query).every(([key, value]) =>
    key in window ? window[key] === value : value === undefined,
  );
}

/**
 * A member list whose default first page is kept (decision 185): that page is `keptMemberRead`'s,
 * computed by `page(true)`, which must select `memberDataVersionSql` in the page's statement; any
 * other page, sort or filter is `page(false)`'s, computed as before and never kept.
 */
export async function keptFirstPage(
  db: Database,
  read: MemberRead,
  query: object,
  first: FirstPage,
  page: (kept: boolean) => Promise<{ body: string; version?: string }>,
): Promise<string> {
  if (!isFirstPage(query, first)) return (await page(false)).body;
  return keptMemberRead(db, read, async () => {
    const { body, version } = await page(true);
    if (version === undefined) throw new Error(`kept ${read.view}: the page read no version`);
    return { body, version };
  });
}

async function checkKeptAnswer(
  read: MemberRead,
  body: string,
  version: string,
  fresh: () => Promise<FreshMemberRead>,
): Promise<void> {
  const now = await fresh();
  // A change committed since the hit moved the version: the two answers may rightly differ.
  if (now.version !== version || now.body === body) return;
  throw new Error(
    `kept ${read.view} of ${read.userId} on ${read.day} (version ${version}) is ${body}; computed fresh it is ${now.body}`,
  );
}

/**
 * Folds change rows into one row per member (and one null row) carrying their summed weight, so
 * every version sums the same and no kept answer changes meaning. Rows another fold has locked are
 * skipped (no waiting, so no deadlock); writers never lock these rows. `userId`: that member's rows
 * and the null ones (a miss); omitted: every member with more than one row (housekeeping). Returns
 * how many rows went.
 */
export async function foldMemberDataChanges(db: Executor, userId?: string): Promise<number> {
  const whose = userId
    ? sql`c.user_id = ${userId} or c.user_id is null`
    : // Equality against the subquery, which PostgreSQL hashes once: `is not distinct from` was
      // planned as a nested loop, every row against every member's group (7.2 s for 80,000 rows
      // of 10,000 members, quadratic, past the statement timeout after a payroll month; 0.2 s so).
      sql`c.user_id in (select user_id from many)
        or (c.user_id is null and exists (select 1 from many where user_id is null))`;
  const result = await db.execute(sql`with
      many as (select user_id from ${d} group by user_id having count(*) > 1),
      gone as (delete from ${d} where id in (
          select c.id from ${d} c where ${whose} for update skip locked)
        returning user_id, weight),
      folded as (insert into ${d} (user_id, weight)
        select user_id, sum(weight) from gone group by user_id returning 1)
    select (select count(*) from gone)::int as gone`);
  // Both drivers answer `{ rows }` (node-postgres' result, PGlite's).
  const [row] = (result as { rows: { gone: number }[] }).rows;
  return row?.gone ?? 0;
}
