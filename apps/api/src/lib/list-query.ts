/**
 * The one way the API serves a list (docs/member-portal.md §7 "Lists"): a whitelisted sort with a
 * stable tiebreaker, one page and its total in ONE query (`count(*) over ()`), the
 * docs/member-portal.md §7 pagination object, and the filters the spec lists. Every list endpoint
 * goes through `listPage`, or `listPageJson` when PostgreSQL writes its items' JSON (decision 165).
 *
 * A list's statement is built and rendered once per SHAPE (decision 143): which filters are
 * present, the sort and its direction, whether the session check rides on it. The repository
 * names the list (`statement`), gives the request's `values` (undefined: that filter is absent)
 * and builds the statement in `select` from `bound`, the same keys as placeholders. The first
 * request of a shape builds it and prepares it (a named statement on PostgreSQL); every later one
 * only binds its values. Usage, in a repository:
 *
 *   listPage(query, {
 *     db,
 *     statement: 'contributions_member',
 *     values: { userId, status: query.status, search: listValues.contains(query.search) },
 *     sortColumns: { contributionDate: contributions.contributionDate, ... },
 *     tiebreakers: [contributions.contributionDate, contributions.id],
 *     select: (page, bound) => db.select({ row: contributions, totalItems: page.totalItems })
 *       .from(contributions)
 *       .where(and(eq(contributions.userId, bound.userId),
 *         listFilters.equals(contributions.status, bound.status),
 *         listFilters.search(bound.search, [contributions.contributionMonth])))
 *       .orderBy(...page.orderBy).limit(page.limit).offset(page.offset),
 *   });
 *
 * `select` may read nothing that varies by request but `page` and `bound`: a value it took from
 * elsewhere would be baked into the statement and served to the next caller of the shape. Under
 * test (`checkListStatements`, on in an app whose config says `test`) every request builds the
 * statement again and fails if its SQL or fixed parameters differ from the prepared one. A list that cannot bind its values (an `in (…)` of
 * varying length, two statements a page) gives `fetch` instead, built on every request.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  is,
  lt,
  lte,
  or,
  Placeholder,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { COOPERATIVE_TIME_ZONE } from '@coop/shared/constants';
import type { IsoDate } from '@coop/shared/dates';
import { buildPagination, type Pagination, type SortOrder } from '@coop/shared/http';
import { nairaToKobo, type Naira } from '@coop/shared/money';
import type { Executor } from '../db/client.js';
import { pendingSession } from './pending-session.js';

const NO_SESSION = sql<unknown>`null`;

/** What every parsed list query carries (see `filteredListQuery` in @coop/shared/http). */
export interface ListWindow<SortField extends string> {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

/** Handed to a repository's `select` or `fetch`: how to order and cut the page, and the total column. */
export interface PageRequest {
  orderBy: SQL[];
  /** A placeholder in a prepared list (typed as the number it is bound to). */
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

/** A page's rows as the helper reads them: the row, the total, the session check's JSON. */
export interface PageRow<Row> {
  row: Row;
  totalItems: number;
  session?: unknown;
}

/** A Drizzle select that can be prepared (its `toSQL` is the check under test). */
export interface PreparableSelect<Result> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Result[]> };
  /** Runs it unnamed, binding the placeholders (a shape past `MAX_SHAPES`). */
  execute(values: Record<string, unknown>): Promise<Result[]>;
  toSQL(): { sql: string; params: unknown[] };
}

interface ListSpecBase<SortField extends string> {
  /** The column (or expression) behind each whitelisted sort field; each served by an index. */
  sortColumns: Record<SortField, AnyColumn | SQL>;
  /**
   * Columns that order rows tying on the sort, in the sort's direction; the last one unique, so
   * every page keeps one order. An expression (`sql\`m.created_at\``) serves a list read from a
   * subquery.
   */
  tiebreakers: readonly (AnyColumn | SQL)[];
}

/** A list built on every request (it cannot bind its values; see the head of this file). */
export interface FetchedListSpec<SortField extends string, Row> extends ListSpecBase<SortField> {
  fetch(page: PageRequest): Promise<PageRow<Row>[]>;
}

/** A list rendered once per shape and prepared (decision 143). */
export interface PreparedListSpec<
  SortField extends string,
  Values extends Record<string, unknown>,
  Result,
> extends ListSpecBase<SortField> {
  /** The database the statement is prepared on (a transaction gets its own). */
  db: Executor;
  /** Names the list, unique in the app: its shapes are prepared as `list_<statement>_<n>`. */
  statement: string;
  /**
   * The values bound on each request; undefined leaves that filter out (a shape of its own). A
   * value whose presence does not change the SQL is still part of the shape: give it only when
   * it is used.
   */
  values: Values;
  /** Builds the statement from `page` and `bound` (placeholders, typed as the values) only. */
  select(page: PageRequest, bound: Values): PreparableSelect<Result>;
}

/** A prepared list whose result rows are `{ row, totalItems, session }` as they come. */
export type PreparedRowsSpec<
  SortField extends string,
  Values extends Record<string, unknown>,
  Result extends PageRow<unknown>,
> = PreparedListSpec<SortField, Values, Result> & { toRow?: undefined };

/** A prepared list whose result rows the repository turns into `{ row, totalItems, session }`. */
export type PreparedMappedSpec<
  SortField extends string,
  Values extends Record<string, unknown>,
  Result,
  Row,
> = PreparedListSpec<SortField, Values, Result> & { toRow(result: Result): PageRow<Row> };

export interface ListPage<Row> {
  items: Row[];
  pagination: Pagination;
}

/** The placeholders the helper binds itself; a list's values may not use these names. */
const RESERVED = new Set(['limit', 'offset', 'sessionUserId', 'sessionId', 'sessionNow']);
const LIMIT = sql.placeholder('limit') as unknown as number;
const OFFSET = sql.placeholder('offset') as unknown as number;

interface PreparedShape {
  statement: { execute(values: Record<string, unknown>): Promise<unknown[]> };
  /** What `select` rendered, kept under test to compare each request's build with. */
  rendered?: string;
}

/**
 * The statement name of each shape, over every database (one text per name, app-wide). Bounded:
 * each name is a prepared statement on every pooled connection, and a caller choosing filters
 * could otherwise make thousands. Past the bound a new shape is built on every request and sent
 * unnamed (the statement cache, db/statement-cache.ts, still names it up to its own bound).
 */
const MAX_SHAPES = 300;
const shapeNames = new Map<string, string>();
/** The prepared statements of each database (or transaction) by shape. */
const preparedOn = new WeakMap<Executor, Map<string, PreparedShape>>();
let checkEveryBuild = false;

/**
 * Under test, every request of a prepared list builds its statement again and fails if it differs
 * from the shape's (see the head of this file). The app turns it on when its config says `test`
 * (app.ts), as it does the serializer's cross-check.
 */
export function checkListStatements(on: boolean): void {
  checkEveryBuild = on;
}

/**
 * The SQL text of each shape of the list `statement` prepared on `db` so far, as rendered when
 * `checkListStatements` is on (under test): for a test that reads which tables a list reads (a
 * kept read's, decision 185).
 */
export function preparedListSql(db: Executor, statement: string): string[] {
  return [...(preparedOn.get(db) ?? new Map<string, PreparedShape>()).entries()]
    .filter(([shape, prepared]) => shape.startsWith(`${statement}|`) && prepared.rendered)
    .map(([, prepared]) => (JSON.parse(prepared.rendered ?? '[]') as [string])[0]);
}

/** The SQL and fixed parameters of a build, placeholders by name: what a shape must keep. */
function renderedOf(select: PreparableSelect<unknown>): string {
  const { sql: text, params } = select.toSQL();
  return JSON.stringify([
    text,
    params.map((param) => (is(param, Placeholder) ? { placeholder: param.name } : param)),
  ]);
}

export function listPage<SortField extends string, Row>(
  query: ListWindow<SortField>,
  spec: FetchedListSpec<SortField, Row>,
): Promise<ListPage<Row>>;
export function listPage<
  SortField extends string,
  Values extends Record<string, unknown>,
  Result extends PageRow<unknown>,
>(
  query: ListWindow<SortField>,
  spec: PreparedRowsSpec<SortField, Values, Result>,
): Promise<ListPage<Result['row']>>;
export function listPage<
  SortField extends string,
  Values extends Record<string, unknown>,
  Result,
  Row,
>(
  query: ListWindow<SortField>,
  spec: PreparedMappedSpec<SortField, Values, Result, Row>,
): Promise<ListPage<Row>>;
export async function listPage<SortField extends string, Row>(
  query: ListWindow<SortField>,
  spec:
    | FetchedListSpec<SortField, Row>
    | (PreparedListSpec<SortField, Record<string, unknown>, unknown> & {
        toRow?(result: unknown): PageRow<Row>;
      }),
): Promise<ListPage<Row>> {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const pending = pendingSession();
  const orderBy = () =>
    [spec.sortColumns[query.sortBy], ...spec.tiebreakers].map((column) => direction(column));
  const session = pending ? pending.column : NO_SESSION;
  const totalItems = () => sql<number>`count(*) over ()`.mapWith(Number);

  let fetchRows: (limit: number, offset: number) => Promise<PageRow<Row>[]>;
  if ('fetch' in spec) {
    fetchRows = (limit, offset) =>
      spec.fetch({ orderBy: orderBy(), limit, offset, totalItems: totalItems(), session });
  } else {
    const statement = preparedShape(query, spec, pending !== undefined, () => {
      const bound = boundOf(spec);
      return spec.select(
        { orderBy: orderBy(), limit: LIMIT, offset: OFFSET, totalItems: totalItems(), session },
        bound,
      );
    });
    const values = pending ? { ...spec.values, ...pending.values } : { ...spec.values };
    const listSpec = spec;
    const toRow = (result: unknown): PageRow<Row> =>
      listSpec.toRow ? listSpec.toRow(result) : (result as PageRow<Row>);
    fetchRows = async (limit, offset) =>
      (await statement.execute({ ...values, limit, offset })).map(toRow);
  }

  const rows = await fetchRows(query.limit, (query.page - 1) * query.limit);
  // The caller is checked before anything of the page is used: what the statement read, or, on
  // an empty page (no row to carry it), the check on its own. 401/403 end the request here.
  if (pending) await pending.settle(rows[0]?.session ?? null);
  // An empty page carries no total: zero on page 1; past the last page, the same query's first
  // row carries it (or there is none, and the total is zero).
  const total =
    rows[0]?.totalItems ?? (query.page > 1 ? ((await fetchRows(1, 0))[0]?.totalItems ?? 0) : 0);
  return {
    items: rows.map(({ row }) => row),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

/** Each value's placeholder, or undefined where the value is (its filter is left out). */
function boundOf(spec: { statement: string; values: Record<string, unknown> }) {
  const bound: Record<string, unknown> = {};
  for (const key of Object.keys(spec.values)) {
    if (RESERVED.has(key)) throw new Error(`list ${spec.statement}: '${key}' is reserved`);
    bound[key] = spec.values[key] === undefined ? undefined : sql.placeholder(key);
  }
  return bound;
}

/**
 * The statement of this request's shape (decision 143): built by `build` and prepared the first
 * time, bound every later time; under test built again and compared on every request.
 */
function preparedShape(
  query: ListWindow<string>,
  spec: { db: Executor; statement: string; values: Record<string, unknown> },
  withSession: boolean,
  build: () => PreparableSelect<unknown>,
): { execute(values: Record<string, unknown>): Promise<unknown[]> } {
  const present = Object.keys(spec.values)
    .filter((key) => spec.values[key] !== undefined)
    .sort();
  const shape = `${spec.statement}|${query.sortBy} ${query.sortOrder}|${
    withSession ? 'session' : ''
  }|${present.join(',')}`;
  let byShape = preparedOn.get(spec.db);
  if (!byShape) preparedOn.set(spec.db, (byShape = new Map<string, PreparedShape>()));
  let prepared = byShape.get(shape);
  let name = shapeNames.get(shape);
  if (name === undefined && shapeNames.size < MAX_SHAPES) {
    name = `list_${spec.statement}_${shapeNames.size + 1}`;
    shapeNames.set(shape, name);
  }
  if (name === undefined) {
    const select = build();
    return { execute: (values) => select.execute(values) };
  }
  if (!prepared) {
    const select = build();
    prepared = {
      statement: select.prepare(name),
      rendered: checkEveryBuild ? renderedOf(select) : undefined,
    };
    byShape.set(shape, prepared);
  } else if (checkEveryBuild) {
    const rendered = renderedOf(build());
    prepared.rendered ??= rendered;
    if (rendered !== prepared.rendered) {
      throw new Error(
        `list ${spec.statement}: the shape '${shape}' built another statement: ` +
          'select() reads a value that is not bound through `values`',
      );
    }
  }
  return prepared.statement;
}

/**
 * A page as PostgreSQL writes it (decision 165): the items as ONE JSON array of the shared
 * schema's shape, its pagination, and what else the list selects beside it (`also`).
 */
export interface JsonListPage<Also = Record<string, never>> {
  /** The page's items, JSON text as the database wrote it: `[…]`, `[]` for an empty page. */
  itemsJson: string;
  pagination: Pagination;
  also: Also;
}

/** Handed to a JSON list's `select`: `item` wraps the item's JSON, `totalItems` is aliased. */
export interface JsonPageRequest {
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** `count(*) over ()`, aliased for the statement around the page. */
  totalItems: SQL.Aliased<number>;
  /** The item's JSON object (`jsonValues.object`), aliased for the same. */
  item(json: SQL): SQL.Aliased<unknown>;
}

/** A select whose fields are `item` and `totalItems` (`JsonPageRequest`), to be wrapped. */
export interface JsonPageSelect {
  as(alias: string): unknown;
}

/** A member list read as one JSON value (decision 165), rendered once per shape (decision 143). */
export interface JsonListSpec<
  SortField extends string,
  Values extends Record<string, unknown>,
  Also extends Record<string, SQL>,
> extends ListSpecBase<SortField> {
  db: Executor;
  statement: string;
  values: Values;
  /** The page: one row an item, `{ item: page.item(json), totalItems: page.totalItems }`. */
  select(page: JsonPageRequest, bound: Values): JsonPageSelect;
  /** Scalar columns selected once beside the page (the unread count), from `bound` only. */
  also?(bound: Values): Also;
}

type AlsoValues<Also extends Record<string, SQL>> = {
  [K in keyof Also]: Also[K] extends SQL<infer T> ? T : never;
};

const PAGE = 'page';

/**
 * `listPage` for a list whose answer PostgreSQL writes (decision 165): the page's rows are
 * aggregated by `json_agg` in the page's order into one JSON array of the shared schema's items,
 * beside the total, the session check (decision 108) and `also`, in one row even when the page is
 * empty. The API parses nothing of it: `listBody` puts the text in the envelope and
 * `sendJsonText` (lib/response-serializer.ts) sends it.
 */
export async function listPageJson<
  SortField extends string,
  Values extends Record<string, unknown>,
  Also extends Record<string, SQL> = Record<string, never>,
>(
  query: ListWindow<SortField>,
  spec: JsonListSpec<SortField, Values, Also>,
): Promise<JsonListPage<AlsoValues<Also>>> {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const pending = pendingSession();
  const statement = preparedShape(query, spec, pending !== undefined, () => {
    const bound = boundOf(spec) as Values;
    const page = spec
      .select(
        {
          orderBy: [spec.sortColumns[query.sortBy], ...spec.tiebreakers].map((column) =>
            direction(column),
          ),
          limit: LIMIT,
          offset: OFFSET,
          totalItems: sql<number>`count(*) over ()`.as('total_items'),
          item: (json) => sql`${json}`.as('item'),
        },
        bound,
      )
      .as(PAGE) as { item: SQL.Aliased; totalItems: SQL.Aliased } & Parameters<
      ReturnType<Executor['select']>['from']
    >[0];
    // A LIMIT keeps the page a subquery of its own, so `array_agg` reads it in the page's order;
    // `array_to_json` writes the array without spaces (`json_agg` puts one after each comma).
    return spec.db
      .select({
        items: sql<string>`coalesce(array_to_json(array_agg(${page.item})), '[]')::text`,
        totalItems: sql<number | null>`max(${page.totalItems})`,
        session: pending ? pending.column : NO_SESSION,
        ...spec.also?.(bound),
      })
      .from(page);
  });
  const values = pending ? { ...spec.values, ...pending.values } : { ...spec.values };
  const read = async (limit: number, offset: number) => {
    const [row] = (await statement.execute({ ...values, limit, offset })) as {
      items: string;
      totalItems: number | string | null;
      session: unknown;
    }[];
    if (!row) throw new Error(`list ${spec.statement}: an aggregate gave no row`);
    return row;
  };
  const { items, totalItems, session, ...also } = await read(
    query.limit,
    (query.page - 1) * query.limit,
  );
  // The check is made with the page, on an empty page too: the aggregate always gives its row.
  if (pending) await pending.settle(session ?? null);
  // Past the last page the total is read from page 1.
  const total = totalItems ?? (query.page > 1 ? ((await read(1, 0)).totalItems ?? 0) : 0);
  return {
    itemsJson: items,
    pagination: buildPagination(query.page, query.limit, Number(total)),
    also: also as AlsoValues<Also>,
  };
}

/**
 * The list envelope (`listEnvelope` in @coop/shared/http) around a JSON page: the database's text
 * as it came, the pagination and each of `tail`'s keys written after it, in the schema's order.
 */
export function listBody(page: JsonListPage<unknown>, tail: Record<string, unknown> = {}): string {
  let body = `{"success":true,"data":${page.itemsJson},"pagination":${JSON.stringify(page.pagination)}`;
  for (const [key, value] of Object.entries(tail)) {
    body += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return `${body}}`;
}

/**
 * Columns as the shared schemas write them, for an item's `json_build_object` (decision 165): the
 * same text `JSON.stringify` gives the API's own mapping, so the answer does not change with who
 * writes it (under test, `sendJsonText` holds every answer to that).
 */
export const jsonValues = {
  /**
   * An object of these keys in this order, written as `JSON.stringify` writes it: `row_to_json`
   * of a row of the values named by the keys (`json_build_object` puts spaces around `:` and after
   * each `,`). The values come from the columns of the row it is selected on.
   */
  object(fields: Record<string, AnyColumn | SQL>, from?: SQL): SQL {
    const values = Object.entries(fields).map(
      ([key, value]) => sql`${value} as ${sql.identifier(key)}`,
    );
    // `from` gives the values a source read once for all of them (a loan's schedule, counted
    // and aggregated in one scan, decision 170).
    const source = from === undefined ? sql`` : sql` from ${from}`;
    return sql`(select row_to_json(j) from (select ${sql.join(values, sql`, `)}${source}) j)`;
  },
  /**
   * A JSON array of `item` over the rows of the select it is in, in the order of `orderBy`, written
   * as `JSON.stringify` writes it (`array_to_json` of `array_agg`: `json_agg` puts a space after
   * each comma); `[]` when there is no row.
   */
  array(item: SQL, orderBy: readonly (AnyColumn | SQL)[]): SQL {
    return sql`coalesce(array_to_json(array_agg(${item} order by ${sql.join([...orderBy], sql`, `)})), '[]')`;
  },
  /** Kobo as naira (`koboToNaira`): 2500050 → 25000.5, 2500000 → 25000, as JavaScript writes them. */
  naira(kobo: AnyColumn | SQL): SQL {
    return sql`trim_scale((${kobo})::numeric / 100)`;
  },
  /** A timestamptz as `Date#toISOString` writes it: UTC, milliseconds, `Z`. */
  instant(column: AnyColumn | SQL): SQL {
    return sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  },
};

/**
 * Request values as a list binds them (decision 143): what a filter needs computed in JavaScript
 * is computed here, before binding, never in `select`. Each gives undefined when the filter is
 * not asked for.
 */
export const listValues = {
  /** A trimmed free-text term as a LIKE pattern: anywhere, `%`, `_` and `\\` taken literally. */
  contains(term: string | undefined): string | undefined {
    if (term === undefined || term === '') return undefined;
    return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  },

  /**
   * When the term reads as a whole-naira amount ('25,000', '₦25000', '2024'), the pattern of its
   * digits (for `listFilters.amountText`); otherwise undefined.
   */
  amountContains(term: string | undefined): string | undefined {
    const digits = term?.replace(/[₦,\s]/g, '');
    if (!digits || !/^\d+$/.test(digits)) return undefined;
    return listValues.contains(digits);
  },

  /** Naira as the kobo a column holds. */
  kobo(naira: Naira | undefined): number | undefined {
    return naira === undefined ? undefined : nairaToKobo(naira);
  },
};

/**
 * Filters a list may apply (docs/member-portal.md §5 "List filters"); each is undefined when not
 * asked for. They take values ready to bind (`listValues`), or their placeholders: they never
 * compute with them.
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
   * (Lagos time), so a payment at 00:30 on the 1st belongs to the 1st. The bounds are constants
   * of the statement, so an index on the column still serves the range.
   */
  dayBetween(column: AnyColumn, start?: IsoDate, end?: IsoDate): SQL | undefined {
    const midnight = (day: IsoDate, plusDays: 0 | 1) =>
      sql`(((${day})::date + ${sql.raw(String(plusDays))})::timestamp at time zone ${sql.raw(`'${COOPERATIVE_TIME_ZONE}'`)})`;
    return and(
      start === undefined ? undefined : gte(column, midnight(start, 0)),
      end === undefined ? undefined : lt(column, midnight(end, 1)),
    );
  },

  /** Inclusive bounds in kobo (`listValues.kobo` of the naira asked for) on a kobo column. */
  koboBetween(column: AnyColumn, min?: number, max?: number): SQL | undefined {
    return and(
      min === undefined ? undefined : gte(column, min),
      max === undefined ? undefined : lte(column, max),
    );
  },

  /** A LIKE pattern (`listValues.contains`) found in any of the expressions, case-insensitively. */
  search(pattern: string | undefined, expressions: readonly (AnyColumn | SQL)[]): SQL | undefined {
    if (pattern === undefined) return undefined;
    return or(...expressions.map((expression) => ilike(expression, pattern)));
  },

  /**
   * The digits' pattern (`listValues.amountContains`) found in the whole-naira text of any of the
   * kobo expressions.
   */
  amountText(pattern: string | undefined, koboExpressions: readonly (AnyColumn | SQL)[]) {
    return listFilters.search(
      pattern,
      koboExpressions.map((kobo) => sql`(${kobo} / 100)::text`),
    );
  },
};
