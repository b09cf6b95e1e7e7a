/**
 * The one way the API serves a list (docs/member-portal.md §7 "Lists"): a whitelisted sort with a
 * stable tiebreaker, one page and its total in ONE query (`count(*) over ()`), the
 * docs/member-portal.md §7 pagination object, and the filters the spec lists. Every list endpoint
 * goes through `listPage`.
 *
 * Usage, in a repository:
 *
 *   listPage(query, {
 *     sortColumns: { contributionDate: contributions.contributionDate, ... },
 *     tiebreakers: [contributions.contributionDate, contributions.id],
 *     fetch: (page) => db.select({ row: contributions, totalItems: page.totalItems })
 *       .from(contributions).where(where)
 *       .orderBy(...page.orderBy).limit(page.limit).offset(page.offset),
 *   });
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { COOPERATIVE_TIME_ZONE } from '@coop/shared/constants';
import { addDays, type IsoDate } from '@coop/shared/dates';
import { buildPagination, type Pagination, type SortOrder } from '@coop/shared/http';
import { nairaToKobo, type Naira } from '@coop/shared/money';
import { pendingSession } from './pending-session.js';

const NO_SESSION = sql<unknown>`null`;

/** What every parsed list query carries (see `filteredListQuery` in @coop/shared/http). */
export interface ListWindow<SortField extends string> {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

/** Handed to a repository's `fetch`: how to order and cut the page, and the total column. */
export interface PageRequest {
  orderBy: SQL[];
  limit: number;
  offset: number;
  /**
   * `count(*) over ()`: the number of rows matching the filters, on every row of the page. A list
   * whose matches grow with the cooperative rather than with one member may put a scalar subquery
   * counting the same rows from a covering index in its place (`underReviewPage`): the window
   * reads every matching row in full before the limit.
   */
  totalItems: SQL<number>;
  /**
   * The request's session check, when its route reads it with the page (plugins/route-groups.ts
   * `sessionInPage`, decision 108): a repository selects it beside `totalItems`, so that one
   * statement checks the caller and reads the page. `null` otherwise.
   */
  session: SQL<unknown>;
}

export interface ListSpec<SortField extends string, Row> {
  /** The column (or expression) behind each whitelisted sort field; each served by an index. */
  sortColumns: Record<SortField, AnyColumn | SQL>;
  /**
   * Columns that order rows tying on the sort, in the sort's direction; the last one unique, so
   * every page keeps one order. An expression (`sql\`m.created_at\``) serves a list read from a
   * subquery.
   */
  tiebreakers: readonly (AnyColumn | SQL)[];
  fetch(page: PageRequest): Promise<Array<{ row: Row; totalItems: number; session?: unknown }>>;
}

export interface ListPage<Row> {
  items: Row[];
  pagination: Pagination;
}

export async function listPage<SortField extends string, Row>(
  query: ListWindow<SortField>,
  spec: ListSpec<SortField, Row>,
): Promise<ListPage<Row>> {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const pending = pendingSession();
  const fetchRows = (limit: number, offset: number) =>
    spec.fetch({
      orderBy: [spec.sortColumns[query.sortBy], ...spec.tiebreakers].map((column) =>
        direction(column),
      ),
      limit,
      offset,
      totalItems: sql<number>`count(*) over ()`.mapWith(Number),
      session: pending ? pending.column : NO_SESSION,
    });
  const rows = await fetchRows(query.limit, (query.page - 1) * query.limit);
  // The caller is checked before anything of the page is used: what the statement read, or, on
  // an empty page (no row to carry it), the check on its own. 401/403 end the request here.
  if (pending) await pending.settle(rows[0]?.session ?? null);
  // An empty page carries no total: zero on page 1; past the last page, the same query's first
  // row carries it (or there is none, and the total is zero).
  const totalItems =
    rows[0]?.totalItems ?? (query.page > 1 ? ((await fetchRows(1, 0))[0]?.totalItems ?? 0) : 0);
  return {
    items: rows.map(({ row }) => row),
    pagination: buildPagination(query.page, query.limit, totalItems),
  };
}

/**
 * Filters a list may apply (docs/member-portal.md §5 "List filters"); each is undefined when not
 * asked for.
 */
export const listFilters = {
  equals<T>(column: AnyColumn, value: T | undefined): SQL | undefined {
    return value === undefined ? undefined : eq(column, value);
  },

  /** Inclusive calendar dates on a `date` column. */
  dateBetween(column: AnyColumn, start?: IsoDate, end?: IsoDate): SQL | undefined {
    return and(
      start === undefined ? undefined : gte(column, start),
      end === undefined ? undefined : lte(column, end),
    );
  },

  /**
   * Inclusive calendar dates on a timestamp column: the days as the cooperative counts them
   * (Lagos time), so a payment at 00:30 on the 1st belongs to the 1st. The bounds are constants,
   * so an index on the column still serves the range.
   */
  dayBetween(column: AnyColumn, start?: IsoDate, end?: IsoDate): SQL | undefined {
    const midnight = (day: IsoDate) =>
      sql`((${day})::date)::timestamp at time zone ${COOPERATIVE_TIME_ZONE}`;
    return and(
      start === undefined ? undefined : gte(column, midnight(start)),
      end === undefined ? undefined : lt(column, midnight(addDays(end, 1))),
    );
  },

  /** Inclusive naira bounds on a kobo column. */
  nairaBetween(column: AnyColumn, min?: Naira, max?: Naira): SQL | undefined {
    return and(
      min === undefined ? undefined : gte(column, nairaToKobo(min)),
      max === undefined ? undefined : lte(column, nairaToKobo(max)),
    );
  },

  /** A trimmed free-text term found anywhere in any of the expressions, case-insensitively. */
  search(term: string | undefined, expressions: readonly (AnyColumn | SQL)[]): SQL | undefined {
    if (term === undefined || term === '') return undefined;
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(...expressions.map((expression) => ilike(expression, pattern)));
  },

  /**
   * When the term reads as a whole-naira amount ('25,000', '₦25000', '2024'), the term found in the
   * whole-naira text of any of the kobo expressions; otherwise nothing to match.
   */
  amountText(term: string | undefined, koboExpressions: readonly (AnyColumn | SQL)[]) {
    const digits = term?.replace(/[₦,\s]/g, '');
    if (!digits || !/^\d+$/.test(digits)) return undefined;
    return listFilters.search(
      digits,
      koboExpressions.map((kobo) => sql`(${kobo} / 100)::text`),
    );
  },
};
