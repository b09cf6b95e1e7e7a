/**
 * The GET sweep: every GET route of the OpenAPI document, opened for every row of whatever data
 * the database holds (the demo, the scale generator's, imports), as the row's owner and as an
 * officer. It collects every 5xx, so data written by the seed, a generator or an import that an
 * answer cannot render fails a test instead of an administrator's page.
 *
 * - A route with an id is opened once per row of the table its id names (ID_SOURCES), as the
 *   row's member and as the officer. A new route with an id fails the sweep until it is listed.
 * - A member route without an id is opened as every signed-in-able user (members and officers).
 * - A back-office route without an id is opened as the officer, every page at the largest size.
 *
 * Sign-ins are minted (a session row and its access token, with the second factor passed), so
 * the sweep never waits for password hashing and works on generated accounts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_SIZE } from '@coop/shared/constants';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { systemActor } from '../lib/actor.js';
import type { Deps } from '../deps.js';
import { startSession } from '../modules/sessions/sessions.service.js';

interface Row {
  id: string;
  owner: string | null;
}

/** Where the ids of each GET route with an id come from, with the member each row belongs to. */
export const ID_SOURCES: Record<string, { rows: ReturnType<typeof sql> } | { skip: string }> = {
  '/api/v1/users/contributions/{id}': {
    rows: sql`select id::text as id, user_id::text as owner from contributions`,
  },
  '/api/v1/users/loans/{id}/guarantors': {
    rows: sql`select id::text as id, user_id::text as owner from loans`,
  },
  '/api/v1/admin/loans/{id}': {
    rows: sql`select id::text as id, user_id::text as owner from loans`,
  },
  '/api/v1/admin/users/{id}': {
    rows: sql`select id::text as id, id::text as owner from users`,
  },
  '/api/v1/admin/users/{id}/record': {
    rows: sql`select id::text as id, id::text as owner from users`,
  },
  '/api/v1/admin/dividends/{year}': {
    rows: sql`select distinct dividend_year::text as id, null as owner from dividends`,
  },
  '/api/v1/admin/dividends/{year}/rows': {
    rows: sql`select distinct dividend_year::text as id, null as owner from dividends`,
  },
  // A payroll schedule version, its lines and its two downloads, for every version there is.
  ...Object.fromEntries(
    ['', '/lines', '/export.csv', '/export.pdf'].map((tail) => [
      `/api/v1/admin/payroll/schedules/{id}${tail}`,
      { rows: sql`select id::text as id, null as owner from payroll_schedules` },
    ]),
  ),
  // A member's instruction and its history, for every member who has one.
  '/api/v1/admin/payroll/instructions/{userId}': {
    rows: sql`select distinct user_id::text as id, null as owner from deduction_instructions`,
  },
  // An officer job is opened by the officer who asked for it (the owner) and by the sweep's officer.
  '/api/v1/admin/jobs/{id}': {
    rows: sql`select id::text as id, requested_by::text as owner from officer_jobs`,
  },
};

export interface SweepFigures {
  routes: number;
  requests: number;
  /** Requests per route, for the report. */
  perRoute: Record<string, number>;
  /** Each 5xx (or route missing from ID_SOURCES): method, url, who, status and body. */
  failures: string[];
  milliseconds: number;
}

/** GET paths of the OpenAPI document (the dev outbox is not in it), and whether each pages. */
function getRoutes(app: FastifyInstance): { path: string; paged: boolean }[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    methods['get']
      ? [
          {
            path,
            paged: (methods['get'].parameters ?? []).some(
              (p) => p.in === 'query' && p.name === 'limit',
            ),
          },
        ]
      : [],
  );
}

/** Query parameters a route requires, with a value that passes validation. */
const REQUIRED_QUERY: Record<string, string> = {
  '/api/v1/auth/check-email': 'email=someone%40example.com',
};

export async function sweepGetRoutes(
  app: FastifyInstance,
  deps: Deps,
  options: { officerEmail: string; log?: (line: string) => void },
): Promise<SweepFigures> {
  const started = performance.now();
  const db: Database = deps.db;
  const figures: SweepFigures = {
    routes: 0,
    requests: 0,
    perRoute: {},
    failures: [],
    milliseconds: 0,
  };

  const users = await queryRows<{ id: string; email: string; officer: boolean }>(
    db,
    sql`select id::text as id, email, cardinality(officer_roles) > 0 as officer from users
         where password_hash is not null and is_active order by membership_id`,
  );
  const officer = users.find((user) => user.email === options.officerEmail);
  if (!officer) throw new Error(`the officer ${options.officerEmail} cannot sign in`);
  // One minted sign-in per user, made when first needed.
  const headers = new Map<string, Record<string, string>>();
  const signedIn = async (userId: string) => {
    let h = headers.get(userId);
    if (!h) {
      const session = await startSession(db, {
        userId,
        now: deps.clock.now(),
        actor: systemActor,
        amr: ['pwd', 'otp'],
      });
      const token = await deps.tokens.sign(userId, {
        sessionId: session.sessionId,
        amr: ['pwd', 'otp'],
      });
      h = { authorization: `Bearer ${token}` };
      headers.set(userId, h);
    }
    return h;
  };
  const canSignIn = new Set(users.map((user) => user.id));

  const open = async (route: string, url: string, who: string, userId: string) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: await signedIn(userId),
    });
    figures.requests += 1;
    figures.perRoute[route] = (figures.perRoute[route] ?? 0) + 1;
    if (res.statusCode >= 500) {
      figures.failures.push(`GET ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return res;
  };

  /** Opens `url` page after page (the largest page size) while the answer says there is more. */
  const openPages = async (
    route: string,
    url: string,
    who: string,
    userId: string,
    paged: boolean,
  ) => {
    for (let page = 1; ; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const res = await open(
        route,
        paged ? `${url}${sep}page=${page}&limit=${MAX_PAGE_SIZE}` : url,
        who,
        userId,
      );
      const json = String(res.headers['content-type'] ?? '').includes('application/json');
      if (!paged || res.statusCode !== 200 || !json) return;
      if (!res.json<{ pagination?: { hasNext?: boolean } }>().pagination?.hasNext) return;
    }
  };

  for (const { path, paged } of getRoutes(app)) {
    figures.routes += 1;
    const query = REQUIRED_QUERY[path];
    if (path.includes('{')) {
      const source = ID_SOURCES[path];
      if (!source) {
        figures.failures.push(`GET ${path}: a route with an id missing from ID_SOURCES`);
        continue;
      }
      if ('skip' in source) continue;
      const rows = await queryRows<Row>(db, source.rows);
      for (const row of rows) {
        const url = path.replace(/\{[^}]+\}/, encodeURIComponent(row.id));
        if (row.owner && canSignIn.has(row.owner)) {
          await openPages(path, url, 'owner', row.owner, paged);
        }
        await openPages(path, url, 'officer', officer.id, paged);
      }
    } else if (path.startsWith('/api/v1/admin/')) {
      await openPages(path, query ? `${path}?${query}` : path, 'officer', officer.id, paged);
    } else {
      for (const user of users) {
        const who = user.officer ? 'officer' : 'owner';
        await openPages(path, query ? `${path}?${query}` : path, who, user.id, paged);
      }
    }
    options.log?.(`${path}: ${figures.perRoute[path] ?? 0} requests`);
  }
  figures.milliseconds = performance.now() - started;
  return figures;
}
