import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { memberBalances } from '../../db/schema/index.js';
import { heldSql } from '../ledger/ledger.service.js';
import type {
  ActivityRow,
  ActivitySource,
  PendingRow,
  SummaryTotal,
} from '../../lib/dashboard-seam.js';

/** A row of a union, with the index of the source (in its list) that produced it. */
type FromSource<Row> = Row & { source: number };

/**
 * The dashboard's three statements (decision 040): the summary, Recent Activity and Pending
 * Actions, each ONE statement however many modules feed it. Run one after the other, so a
 * request holds at most one pooled connection at a time.
 */
export function dashboardRepository(db: Executor) {
  return {
    /**
     * The member's balance projection row (decision 030) with why money is held (the ledger's
     * `heldSql`) and each total beside it, as a scalar subquery over its module's table. Null
     * when the member has no projection row.
     */
    async summary<K extends string>(userId: string, totals: Record<K, SummaryTotal>) {
      const names = Object.keys(totals) as K[];
      const columns = Object.fromEntries(
        names.map((name) => [
          name,
          sql<number>`(${totals[name](userId)})`.mapWith(Number).as(`total_${name}`),
        ]),
      ) as Record<K, SQL.Aliased<number>>;
      const [row] = await db
        .select({
          savings: memberBalances.savingsBalance,
          shares: memberBalances.shareBalance,
          loans: memberBalances.loanBalance,
          frozen: memberBalances.frozenAmount,
          frozenShares: memberBalances.frozenShares,
          held: sql<unknown>`${heldSql(userId)}`,
          totals: columns,
        })
        .from(memberBalances)
        .where(eq(memberBalances.userId, userId));
      return row ?? null;
    },

    /**
     * The member's newest `limit` movements over every source: each source's fragment (its own
     * newest `limit`, through its own index) in a `union all`, the newest `limit` of them kept.
     * Dates come back as `Date#toISOString` text; ties on the instant go to the greater id.
     */
    recentActivity(
      userId: string,
      limit: number,
      sources: readonly ActivitySource[],
    ): Promise<FromSource<ActivityRow>[]> {
      const branches = sources.map(
        (source, index) => sql`select ${sql.raw(String(index))} as source, kind::text,
            id::uuid, occurred_at::timestamptz, amount_kobo::bigint, status::text,
            label::text, detail::text
          from (${source.fragment(userId, limit)})
            as s(kind, id, occurred_at, amount_kobo, status, label, detail)`,
      );
      return queryRows<FromSource<ActivityRow>>(
        db,
        sql`select u.source as "source", u.kind as "kind", u.id::text as "id",
            to_char(u.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
            u.amount_kobo::float8 as "amountKobo", u.status as "status", u.label as "label",
            u.detail as "detail"
          from (${sql.join(branches, sql` union all `)}) u
          order by u.occurred_at desc, u.id desc
          limit ${limit}`,
      );
    },

    /**
     * Every ask of every source that has one for this actor, in one `union all`: by source (in
     * list order), then in each source's own order.
     */
    async pendingActions(fragments: readonly (SQL | null)[]): Promise<FromSource<PendingRow>[]> {
      const branches = fragments.flatMap((fragment, index) =>
        fragment
          ? [
              sql`select ${sql.raw(String(index))} as source, row_number() over () as n,
                  kind::text, id::text, amount_kobo::float8, label::text, detail::text, extra::text
                from (${fragment}) as s(kind, id, amount_kobo, label, detail, extra)`,
            ]
          : [],
      );
      if (branches.length === 0) return [];
      return queryRows<FromSource<PendingRow>>(
        db,
        sql`select u.source as "source", u.kind as "kind", u.id as "id",
            u.amount_kobo as "amountKobo", u.label as "label", u.detail as "detail",
            u.extra as "extra"
          from (${sql.join(branches, sql` union all `)}) u
          order by u.source, u.n`,
      );
    },
  };
}
