/**
 * Route groups: who may call a module's routes, decided once per group in `onRequest`, before
 * the body is parsed or validated. So an anonymous call answers 401 before any validation, a
 * member calling an admin route 403 FORBIDDEN, and a suspended member 403 ACCOUNT_SUSPENDED.
 * A back-office route admits an officer whose roles hold the route's permission
 * (route-permissions.ts, docs/officers.md).
 *
 *   await app.register(memberRoutes(contributionRoutes), { ...deps, prefix: '/api/v1/users/contributions' });
 *
 * Inside a group, `req.actor` is the caller (anonymous on public routes) and, on signed-in
 * groups, `req.member` the signed-in caller that member use cases take.
 *
 * A member list may read the check of the user and the sign-in in its page's own statement
 * (`config: { sessionInPage: true }`, decision 108, lib/pending-session.ts): one round trip
 * instead of two, the same answers in the same order, and still nothing remembered.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { apiErrorSchema } from '@coop/shared/http';
import { hasPermission, isOfficer, type Permission } from '@coop/shared/officers';
import { refreshTokens, users } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { depsOf, type Deps } from '../deps.js';
import {
  twoFactorRequired,
  twoFactorVerified,
  type Actor,
  type MemberActor,
  type SignedInUser,
} from '../lib/actor.js';
import type { AccessTokenClaims, AuthMethod } from '../lib/access-token.js';
import { DomainError } from '../lib/domain-error.js';
import { pendingSessions, type PendingSession } from '../lib/pending-session.js';
import { writeAudit } from '../lib/audit-log.js';
import {
  BACK_OFFICE_ROUTE_PERMISSIONS,
  routePermission,
  type RoutePermissions,
} from './route-permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by every route group (anonymous on public routes). */
    actor: Actor;
    /** The signed-in caller, set by the session, member, reviewer and admin groups only. */
    member: MemberActor;
  }
  interface FastifyContextConfig {
    /** What a back-office route requires, from route-permissions.ts. */
    permission?: Permission;
    /**
     * A member list whose page statement also reads the session check (`sessionInPage`): the
     * group checks the token only, and the check of the user and the sign-in rides on the page's
     * statement (decision 108).
     */
    sessionInPage?: boolean;
  }
}

/** Declares the request properties the groups fill in; registered once, before any module. */
export const requestActor = fp(async (app) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('member', null as unknown as MemberActor);
});

type Access = 'public' | 'session' | 'member' | 'reviewer' | 'admin';

/** A module's routes: a plugin receiving the deps. */
export type RouteModule = FastifyPluginAsyncZod<Deps>;

const unauthorized = () =>
  new DomainError({ code: 'UNAUTHORIZED', message: 'Authentication required' });

/**
 * The client's address: the farthest address the trusted proxies vouch for, but only while each
 * is an IP address. A client that reaches an instance directly can write anything in
 * `X-Forwarded-For` (`=1+2`); such a value ends the chain and the hop that sent it is taken
 * (docs/operations.md "Behind a proxy").
 */
export function clientAddress(req: FastifyRequest): string {
  let address = req.socket.remoteAddress ?? req.ip;
  // `ips` runs from the connection's address to the farthest trusted one.
  for (const hop of req.ips?.slice(1) ?? []) {
    if (isIP(hop) === 0) break;
    address = hop;
  }
  return address;
}

const origin = (req: FastifyRequest) => ({
  ip: clientAddress(req),
  userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
});

/**
 * The signed-in user's row, by id: run on every signed-in request, so it is prepared once per
 * database (a named statement on PostgreSQL: parsed and planned once per connection, and no SQL
 * built per request).
 */
function userLookup(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      membershipId: users.membershipId,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      isActive: users.isActive,
      isLoanReviewer: users.isLoanReviewer,
      isExco: users.isExco,
      // Whether a password is set, not the hash: the check needs no more.
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      tokensValidAfter: users.tokensValidAfter,
      // The token's sign-in still runs: not logged out, revoked or past its end (decision 080).
      sessionLive: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sql.placeholder('sessionId')),
            eq(refreshTokens.userId, users.id),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql.placeholder('now')),
          ),
        )})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('route_groups_signed_in_user');
}
const userLookups = new WeakMap<Database, ReturnType<typeof userLookup>>();

/** The bearer token's claims, verified; 401 for a token that does not hold. */
async function verifiedClaims(deps: Deps, req: FastifyRequest): Promise<AccessTokenClaims> {
  const match = req.headers.authorization?.match(/^Bearer ([A-Za-z0-9._-]+)$/);
  if (!match?.[1]) throw unauthorized();
  const claims = await deps.tokens.verify(match[1]);
  if (!claims) throw unauthorized();
  return claims;
}

/** What the session check reads of the token's user and sign-in (null: no such user). */
type SessionRow = SignedInUser & {
  hasPassword: boolean;
  tokensValidAfterMs: number;
  sessionLive: boolean;
};

/**
 * The user of a row the session check read; 401 when the token no longer holds: tokens issued
 * before a password change, reset or suspension no longer count, nor those of a sign-in that has
 * ended (logout, "sign out other sessions", idle or absolute end).
 */
function userOf(row: SessionRow | null | undefined, claims: AccessTokenClaims): SignedInUser {
  if (!row?.hasPassword || claims.issuedAtMs < row.tokensValidAfterMs || !row.sessionLive) {
    throw unauthorized();
  }
  const { hasPassword: _password, tokensValidAfterMs: _after, sessionLive: _live, ...user } = row;
  return user;
}

/** The session check as its own statement (prepared once per database). */
async function lookUpSession(deps: Deps, claims: AccessTokenClaims): Promise<SessionRow | null> {
  let lookup = userLookups.get(deps.db);
  if (!lookup) userLookups.set(deps.db, (lookup = userLookup(deps.db)));
  const [row] = await lookup.execute({
    userId: claims.userId,
    sessionId: claims.sessionId,
    now: deps.clock.now().toISOString(),
  });
  if (!row) return null;
  const { tokensValidAfter, ...rest } = row;
  return { ...rest, tokensValidAfterMs: tokensValidAfter.getTime() };
}

/** The bearer token's user, loaded from the database; 401 for any token that does not hold. */
async function signedInUser(
  deps: Deps,
  req: FastifyRequest,
): Promise<{ user: SignedInUser; sessionId: string; amr: AuthMethod[] }> {
  const claims = await verifiedClaims(deps, req);
  const user = userOf(await lookUpSession(deps, claims), claims);
  return { user, sessionId: claims.sessionId, amr: claims.amr };
}

const pendingOf = new WeakMap<FastifyRequest, PendingSession>();

/** Whether the request's session check is still to make. */
export function hasPendingSession(req: FastifyRequest): boolean {
  const pending = pendingOf.get(req);
  return pending !== undefined && !pending.settled;
}

/** Makes the request's pending session check, if any (the error handler, before answering). */
export async function settlePendingSession(req: FastifyRequest): Promise<void> {
  const pending = pendingOf.get(req);
  if (pending && !pending.settled) await pending.settle(null);
}

/**
 * The session check of `lookUpSession`, as one JSON value to select beside a page's rows: the same
 * SQL for every request (built once), the user, sign-in and time as placeholders bound with the
 * page's values (`sessionValues`; exported for bench/explain.mjs, which explains a page as the API
 * sends it).
 */
export const sessionColumn: SQL = (() => {
  const tokens = sql`(select 1 from ${refreshTokens}
      where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
        and ${refreshTokens.userId} = ${users.id}
        and ${refreshTokens.revokedAt} is null
        and ${refreshTokens.expiresAt} > ${sql.placeholder('sessionNow')})`;
  return sql`(select json_build_object('id', ${users.id}, 'email', ${users.email},
      'phoneNumber', ${users.phoneNumber}, 'membershipId', ${users.membershipId},
      'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'roles', ${users.roles},
      'isActive', ${users.isActive}, 'isLoanReviewer', ${users.isLoanReviewer},
      'isExco', ${users.isExco}, 'hasPassword', ${users.passwordHash} is not null,
      'tokensValidAfterMs', floor(extract(epoch from ${users.tokensValidAfter}) * 1000),
      'sessionLive', exists ${tokens})
    from ${users} where ${users.id} = ${sql.placeholder('sessionUserId')})`;
})();

/** The values `sessionColumn` binds for a token's sign-in at `now`. */
export function sessionValues(claims: AccessTokenClaims, now: string): PendingSession['values'] {
  return { sessionUserId: claims.userId, sessionId: claims.sessionId, sessionNow: now };
}

/**
 * The member group's admission for a route that reads the session check with its page: the token
 * is verified now, the rest is pending (see `PendingSession`).
 */
async function admitWithPage(deps: Deps, req: FastifyRequest): Promise<void> {
  const claims = await verifiedClaims(deps, req);
  const member: MemberActor = {
    // Filled in place once the check is made; only the id is used before (the page's filter).
    user: { id: claims.userId } as SignedInUser,
    sessionId: claims.sessionId,
    amr: claims.amr,
    ...origin(req),
  };
  req.actor = member;
  req.member = member;
  const pending: PendingSession = {
    column: sessionColumn,
    values: sessionValues(claims, deps.clock.now().toISOString()),
    settled: false,
    async settle(read) {
      pending.settled = true;
      const row =
        read === null || read === undefined
          ? await lookUpSession(deps, claims)
          : ((typeof read === 'string' ? JSON.parse(read) : read) as SessionRow | null);
      Object.assign(member.user, userOf(row, claims));
      await refuseIfRefused(deps, 'member', req, member);
    },
  };
  pendingOf.set(req, pending);
}

/** Why a signed-in caller may not use a group's routes, or null when they may. */
function refusal(
  access: Access,
  user: SignedInUser,
  permission: Permission | undefined,
): DomainError | null {
  if (access === 'session') return null;
  if (!user.isActive) {
    return new DomainError({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account has been suspended',
    });
  }
  const allowed =
    access === 'member' ||
    (access === 'reviewer' && user.isLoanReviewer) ||
    (access === 'admin' && permission !== undefined && hasPermission(user.roles, permission));
  return allowed
    ? null
    : new DomainError({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
}

async function admit(deps: Deps, access: Access, req: FastifyRequest): Promise<void> {
  if (access === 'public') {
    req.actor = { user: null, ...origin(req) };
    return;
  }
  if (access === 'member' && req.routeOptions.config.sessionInPage) return admitWithPage(deps, req);
  const member: MemberActor = { ...(await signedInUser(deps, req)), ...origin(req) };
  req.actor = member;
  req.member = member;
  await refuseIfRefused(deps, access, req, member);
}

/** 403 (audited) when the signed-in caller may not use the group's routes. */
async function refuseIfRefused(
  deps: Deps,
  access: Access,
  req: FastifyRequest,
  member: MemberActor,
): Promise<void> {
  // An officer without the second factor hears that first, on every back-office route: what
  // their roles allow is beside the point until they have it.
  const refused =
    access === 'admin' &&
    member.user.isActive &&
    isOfficer(member.user.roles) &&
    !twoFactorVerified(member)
      ? twoFactorRequired()
      : refusal(access, member.user, req.routeOptions.config.permission);
  if (!refused) return;
  // Failed authorization is audited (docs/security.md "V16 Security Logging and Error Handling").
  await writeAudit(deps.db, member, {
    action: 'authorization.denied',
    entityType: 'route',
    entityId: `${req.method} ${req.routeOptions.url ?? req.url}`,
    after: { code: refused.code },
  });
  throw refused;
}

function routeGroup(access: Access, permissions: RoutePermissions = BACK_OFFICE_ROUTE_PERMISSIONS) {
  return (routes: RouteModule): RouteModule =>
    async (app, options) => {
      const deps = depsOf(options);
      app.addHook('onRequest', (req) => admit(deps, access, req));
      if (access === 'member') {
        // A route reading the session check with its page: the handler runs where the list
        // helper finds the pending check, and nothing is answered before it is made.
        app.addHook('preHandler', (req, _reply, done) => {
          const pending = pendingOf.get(req);
          if (!pending) return done();
          pendingSessions.run(pending, () => done());
        });
        // Synchronous when nothing is pending, so that an answer sent from the error handler
        // leaves at once.
        app.addHook('preSerialization', (req, _reply, payload, done) => {
          if (!hasPendingSession(req)) return done(null, payload);
          settlePendingSession(req).then(() => done(null, payload), done);
        });
      }
      if (access === 'admin') {
        // Fails closed at start: a back-office route without a permission never serves anyone.
        app.addHook('onRoute', (route) => {
          const methods = [route.method].flat();
          const required = new Set(
            methods.map((method) => routePermission(method, route.url, permissions)),
          );
          const [permission] = required;
          if (required.size !== 1 || permission === undefined) {
            throw new Error(
              `${methods.join(',')} ${route.url}: no permission in route-permissions.ts`,
            );
          }
          route.config = { ...route.config, permission };
        });
      }
      if (access !== 'public') {
        // Every signed-in route documents its bearer token and its 401/403 answers.
        app.addHook('onRoute', (route) => {
          const response = (route.schema?.response ?? {}) as Record<string, unknown>;
          route.schema = {
            ...route.schema,
            security: [{ bearerAuth: [] }],
            response: { 401: apiErrorSchema, 403: apiErrorSchema, ...response },
          };
        });
      }
      await routes(app, deps);
    };
}

/** Anyone: sign-in, token links, public settings. */
export const publicRoutes = routeGroup('public');
/** Any signed-in user, suspended ones too: only GET /auth/me, which shows them their state. */
export const sessionRoutes = routeGroup('session');
/** Active members (and administrators, who are members too). */
export const memberRoutes = routeGroup('member');
/** Active members flagged as loan reviewers. */
export const reviewerRoutes = routeGroup('reviewer');
/** Active officers holding the route's permission (route-permissions.ts). */
export const adminRoutes = routeGroup('admin');
/** adminRoutes with another route → permission table: only the route groups' own test. */
export const adminRoutesWith = (permissions: RoutePermissions) => routeGroup('admin', permissions);
