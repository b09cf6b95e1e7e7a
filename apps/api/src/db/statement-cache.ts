import pg from 'pg';

/**
 * Named (server-side prepared) statements for the SQL the app runs again and again, on
 * PostgreSQL. Drizzle sends each query unnamed, so PostgreSQL parses and plans it on every call:
 * for a list page that was more than half of the database's work per request (0.2–0.4 ms of
 * planning for 0.1 ms of execution). Here a query text seen a second time gets a name, and
 * node-postgres then prepares it once per pooled connection and only binds and executes it
 * afterwards. Values stay parameters; nothing about what a query reads or checks changes.
 *
 * Bounded: at most MAX_NAMED texts get a name (after that, new texts run unnamed as before), so
 * one-off shapes (bulk inserts of varying sizes, `in (…)` lists) cannot grow the server's memory
 * without end. A statement whose text is seen once (most one-off shapes) is never named.
 */
const MAX_NAMED = 500;
const MAX_COUNTED = 5_000;

const names = new Map<string, string>();
const seen = new Set<string>();

/** The statement name for a query text, or undefined while it should stay unnamed. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= MAX_NAMED) return name;
  if (!seen.has(text)) {
    if (seen.size >= MAX_COUNTED) seen.clear();
    seen.add(text);
    return undefined;
  }
  seen.delete(text);
  const created = `coop_s${names.size + 1}`;
  names.set(text, created);
  return created;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/** A pg client that names repeated statements (see above); give it to the pool as `Client`. */
export class StatementCachingClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const query = config as QueryConfigLike | string | null;
    if (
      query !== null &&
      typeof query === 'object' &&
      typeof query.text === 'string' &&
      query.name === undefined &&
      typeof query.submit !== 'function'
    ) {
      const name = statementName(query.text);
      if (name !== undefined) config = { ...query, name };
    }
    // pg's overloads cannot be forwarded with their types; the arguments are passed unchanged.
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}
