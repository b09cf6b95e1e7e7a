import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { memberBalances, users } from '../../db/schema/index.js';
import { memberDataVersionSql } from '../../lib/member-read-cache.js';
import type { PendingSession } from '../../lib/pending-session.js';
import { heldSql } from '../ledger/ledger.service.js';
import type {
  ActivityRow,
  ActivitySource,
  PendingRow,
  SummaryTotal,
} from '../../lib/dashboard-seam.js';

/** A row of a union, with the index of the source (in its list) that produced it. */
type FromSource<Row> = Row & { source: number };

/** The member's balance projection row with why money is held and the summary's totals. */
export interface SummaryRow<K extends string> {
  savings: number;
  shares: number;
  loans: number;
  frozen: number;
  frozenShares: number;
  held: unknown;
  totals: Record<K, number>;
}

export interface DashboardRows<K extends string> {
  /** The session check's value when the statement carried it (decision 108), else null. */
  session: unknown;
  /** The member's data version, read with the data (decision 179: what a kept answer saw). */
  version: string;
  summary: SummaryRow<K>;
  activity: FromSource<ActivityRow>[];
  pending: FromSource<PendingRow>[];
  /** What's next, the current loan and the savings history: the JSON their sources map. */
  nextUp: unknown;
  currentLoan: unknown;
  savingsHistory: unknown;
}

/** What the statement is built from, with the member's id and the day as placeholders. */
export interface DashboardParts<K extends string> {
  totals: Record<K, SummaryTotal>;
  activityLimit: number;
  activitySources: readonly ActivitySource[];
  /** Each Pending Actions source's fragment, in the sources' order. */
  pendingFragments: readonly SQL[];
  /** What's next, the current loan and the savings chart: one JSON value each. */
  nextUp: SQL;
  currentLoan: SQL;
  savingsHistory: SQL;
}

/** Where the member's id stands in the SQL the sources write: bound on each execution. */
export const DASHBOARD_USER_ID = sql.placeholder('userId') as unknown as string;
/**
 * Where the day stands (docs/member-portal.md §2 Pending Actions' deadlines are days): bound on
 * each execution.
 */
export const DASHBOARD_TODAY = sql.placeholder('today') as unknown as string;

/** Whether the member reviews loans, read from their row in the same statement. */
export const DASHBOARD_IS_LOAN_REVIEWER: SQL = sql`(select ${users.isLoanReviewer} from ${users}
  where ${users.id} = ${DASHBOARD_USER_ID})`;

const NO_SESSION = sql<unknown>`null`;

/** A `json` value as the driver hands it back: parsed (node-postgres, PGlite) or as text. */
const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

function dashboardSelect(db: Executor, session: SQL | null, parts: DashboardParts<string>) {
  const userId = DASHBOARD_USER_ID;
  return db
    .select({
      session: session ?? NO_SESSION,
      version: memberDataVersionSql(userId),
      savings: memberBalances.savingsBalance,
      shares: memberBalances.shareBalance,
      loans: memberBalances.loanBalance,
      frozen: memberBalances.frozenAmount,
      frozenShares: memberBalances.frozenShares,
      held: sql<unknown>`${heldSql(userId)}`,
      totals: Object.fromEntries(
        Object.entries(parts.totals).map(([name, total]) => [
          name,
          sql<number>`(${total(userId)})`.mapWith(Number).as(`total_${name}`),
        ]),
      ),
      activity: sql<unknown>`(${activitySql(userId, parts.activityLimit, parts.activitySources)})`,
      pending: sql<unknown>`(${pendingSql(parts.pendingFragments)})`,
      nextUp: sql<unknown>`${parts.nextUp}`,
      currentLoan: sql<unknown>`${parts.currentLoan}`,
      savingsHistory: sql<unknown>`${parts.savingsHistory}`,
    })
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
}

function dashboardStatement(db: Executor, session: SQL | null, parts: DashboardParts<string>) {
  return dashboardSelect(db, session, parts).prepare(
    session ? 'dashboard_with_session' : 'dashboard',
  );
}

/**
 * The SQL of the statement that computes a dashboard (without the session check): what its kept
 * answer depends on, for the test that every table it reads tells of its changes (decision 179).
 */
export function dashboardStatementSql(db: Executor, parts: DashboardParts<string>): string {
  return dashboardSelect(db, null, parts).toSQL().sql;
}
type DashboardStatement = ReturnType<typeof dashboardStatement>;
const statements = new WeakMap<Executor, Map<boolean, DashboardStatement>>();

/**
 * The dashboard's ONE statement (decisions 040, 107 and 172): the balance projection row
 * (decision 030) with why money is held (the ledger's `heldSql`), each summary total as a scalar
 * subquery over its module's table, Recent Activity and Pending Actions as two JSON columns,
 * however many modules feed them, and the session check when the route leaves it pending
 * (`session`, decision 108): one round trip and one pooled connection a request, each part with
 * its own plan. It is built and rendered once per database (and whether it carries the session
 * check) and prepared (a named statement on PostgreSQL, planned once per connection), so a
 * request only binds the member's id, the day and the session's values. It also reads the
 * member's data version (decision 179), so the answer can be kept against it.
 */
export function dashboardRepository(db: Executor) {
  return {
    /** Null when the member has no projection row (then the session check was not read). */
    async read<K extends string>(
      values: { userId: string; today: string },
      session: PendingSession | undefined,
      parts: () => DashboardParts<K>,
    ): Promise<DashboardRows<K> | null> {
      let byShape = statements.get(db);
      if (!byShape) statements.set(db, (byShape = new Map<boolean, DashboardStatement>()));
      let statement = byShape.get(session !== undefined);
      if (!statement) {
        statement = dashboardStatement(db, session?.column ?? null, parts());
        byShape.set(session !== undefined, statement);
      }
      const [row] = await statement.execute(session ? { ...values, ...session.values } : values);
      if (!row) return null;
      const {
        session: sessionRead,
        version,
        activity,
        pending,
        nextUp,
        currentLoan,
        savingsHistory,
        ...summary
      } = row;
      return {
        session: sessionRead,
        version,
        summary: summary as SummaryRow<K>,
        activity: fromJson(activity),
        pending: fromJson(pending),
        nextUp,
        currentLoan,
        savingsHistory,
      };
    },
  };
}

/**
 * The member's newest `limit` movements over every source, as a JSON array: each source's
 * fragment (its own newest `limit`, through its own index) in a `union all`, the newest `limit`
 * of them kept. Dates come as `Date#toISOString` text; ties on the instant go to the greater id.
 */
function activitySql(userId: string, limit: number, sources: readonly ActivitySource[]): SQL {
  const branches = sources.map(
    (source, index) => sql`select ${sql.raw(String(index))} as source, kind::text,
        id::uuid, occurred_at::timestamptz, amount_kobo::bigint, status::text,
        label::text, detail::text
      from (${source.fragment(userId, limit)})
        as s(kind, id, occurred_at, amount_kobo, status, label, detail)`,
  );
  return sql`select coalesce(json_agg(json_build_object('source', u.source, 'kind', u.kind,
        'id', u.id::text,
        'occurredAt', to_char(u.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'amountKobo', u.amount_kobo::float8, 'status', u.status, 'label', u.label,
        'detail', u.detail) order by u.occurred_at desc, u.id desc), '[]'::json)
      from (select * from (${sql.join(branches, sql` union all `)}) b
             order by b.occurred_at desc, b.id desc
             limit ${limit}) u`;
}

/**
 * Every ask of every source, as a JSON array in one `union all`: by
 * source (in list order), then in each source's own order.
 */
function pendingSql(fragments: readonly SQL[]): SQL {
  const branches = fragments.map(
    (fragment, index) =>
      sql`select ${sql.raw(String(index))} as source, row_number() over () as n,
          kind::text, id::text, amount_kobo::float8, label::text, detail::text, extra::text
        from (${fragment}) as s(kind, id, amount_kobo, label, detail, extra)`,
  );
  if (branches.length === 0) return sql`select '[]'::json`;
  return sql`select coalesce(json_agg(json_build_object('source', u.source, 'kind', u.kind,
        'id', u.id, 'amountKobo', u.amount_kobo, 'label', u.label, 'detail', u.detail,
        'extra', u.extra) order by u.source, u.n), '[]'::json)
      from (${sql.join(branches, sql` union all `)}) u`;
}
