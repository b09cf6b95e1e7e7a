import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import { setMemberActive } from '../modules/members/members.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { errorHandler } from './error-handler.js';
import {
  adminRoutesWith,
  memberRoutes,
  publicRoutes,
  requestActor,
  reviewerRoutes,
  sessionRoutes,
  type RouteModule,
} from './route-groups.js';

/**
 * Who may call what (docs/member-portal.md §7 "Whose data"; docs/officers.md): each group decides
 * in onRequest, so an anonymous call is 401 before its body or query is looked at.
 */

/** One route per group, each echoing who called and requiring a `n` query of 1 to 5. */
const probe: RouteModule = async (app) => {
  app.get(
    '/probe',
    { schema: { querystring: z.object({ n: z.coerce.number().int().min(1).max(5) }) } },
    async (req) => ({ userId: req.actor.user?.id ?? null, ip: req.actor.ip }),
  );
};

describe('route groups', () => {
  let t: TestApp;
  let probeApp: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
    const people = {
      member: {},
      reviewer: { isLoanReviewer: true },
      admin: { roles: ['president' as const] },
      suspended: {},
    };
    for (const [name, flags] of Object.entries(people)) {
      const user = await createActiveMember(t, { email: `${name}@test.coop`, ...flags });
      ids[name] = user.id;
      tokens[name] = (await signIn(t, `${name}@test.coop`)).accessToken;
    }
    await setMemberActive(t.deps, systemActor, { userId: ids.suspended!, isActive: false });
    tokens.suspended = (await signIn(t, 'suspended@test.coop')).accessToken;

    probeApp = Fastify().withTypeProvider<ZodTypeProvider>();
    probeApp.setValidatorCompiler(validatorCompiler);
    probeApp.setSerializerCompiler(serializerCompiler);
    await probeApp.register(errorHandler);
    await probeApp.register(requestActor);
    const adminRoutes = adminRoutesWith({ 'GET /adminRoutes/probe': 'back_office.read' });
    const groups = { publicRoutes, sessionRoutes, memberRoutes, reviewerRoutes, adminRoutes };
    for (const [name, group] of Object.entries(groups)) {
      await probeApp.register(group(probe), { ...t.deps, prefix: `/${name}` });
    }
    await probeApp.ready();
  }, 60_000);
  afterAll(async () => {
    await probeApp.close();
    await t.close();
  });

  const call = (group: string, who?: string, query = 'n=1') =>
    probeApp.inject({
      url: `/${group}/probe?${query}`,
      headers: who ? bearer(tokens[who]!) : {},
    });

  const expected: Record<string, Record<string, number | string>> = {
    // group:           anonymous  member  reviewer  admin  suspended
    publicRoutes: { anonymous: 200, member: 200, reviewer: 200, admin: 200, suspended: 200 },
    sessionRoutes: { anonymous: 401, member: 200, reviewer: 200, admin: 200, suspended: 200 },
    memberRoutes: {
      anonymous: 401,
      member: 200,
      reviewer: 200,
      admin: 200,
      suspended: 'ACCOUNT_SUSPENDED',
    },
    reviewerRoutes: {
      anonymous: 401,
      member: 'FORBIDDEN',
      reviewer: 200,
      admin: 'FORBIDDEN',
      suspended: 'ACCOUNT_SUSPENDED',
    },
    adminRoutes: {
      anonymous: 401,
      member: 'FORBIDDEN',
      reviewer: 'FORBIDDEN',
      admin: 200,
      suspended: 'ACCOUNT_SUSPENDED',
    },
  };
  const cases = Object.entries(expected).flatMap(([group, outcomes]) =>
    Object.entries(outcomes).map(([who, outcome]) => [group, who, outcome] as const),
  );

  it.each(cases)('%s called by %s answers %s', async (group, who, outcome) => {
    const res = await call(group, who === 'anonymous' ? undefined : who);
    if (typeof outcome === 'number') {
      expect(res.statusCode).toBe(outcome);
      if (outcome === 200) {
        expect(res.json()).toEqual({
          userId: group === 'publicRoutes' ? null : ids[who],
          ip: '127.0.0.1',
        });
      }
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: outcome });
    }
  });

  it('answers 401 before validation, and 403 before validation too', async () => {
    expect((await call('memberRoutes', undefined, 'n=99')).statusCode).toBe(401);
    expect((await call('adminRoutes', 'member', 'n=99')).statusCode).toBe(403);
    expect((await call('memberRoutes', 'member', 'n=99')).statusCode).toBe(400);
  });

  it('refuses a malformed, foreign or tampered bearer token with 401', async () => {
    for (const authorization of [
      'Bearer',
      'Basic abc',
      `Bearer ${tokens.member}x`,
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    ]) {
      const res = await probeApp.inject({
        url: '/memberRoutes/probe?n=1',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('loads the member on every request: a suspension cuts a live token at once', async () => {
    const user = await createActiveMember(t, { email: 'later@test.coop' });
    const token = (await signIn(t, 'later@test.coop')).accessToken;
    const probeAs = () =>
      probeApp.inject({ url: '/memberRoutes/probe?n=1', headers: bearer(token) });
    // The lookup is a prepared statement: the same one answers every request.
    expect((await probeAs()).statusCode).toBe(200);
    expect((await probeAs()).statusCode).toBe(200);
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    // The suspension ended the token's sign-in (decision 080): 401 at once.
    expect((await probeAs()).statusCode).toBe(401);
    // Signing in again, the member is told they are suspended.
    const again = (await signIn(t, 'later@test.coop')).accessToken;
    const refused = await probeApp.inject({
      url: '/memberRoutes/probe?n=1',
      headers: bearer(again),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('audits every refused authorisation with the route and the code', async () => {
    await call('adminRoutes', 'reviewer');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization.denied'), eq(auditLog.actorId, ids.reviewer!)));
    expect(rows.at(-1)).toMatchObject({
      entityType: 'route',
      entityId: 'GET /adminRoutes/probe',
      ip: '127.0.0.1',
    });
    expect(JSON.parse(rows.at(-1)?.after ?? '{}')).toEqual({ code: 'FORBIDDEN' });
  });

  it('puts every existing route of the real app in its group', async () => {
    const get = (url: string, who?: string) =>
      t.app.inject({ url, headers: who ? bearer(tokens[who]!) : {} });
    expect((await get('/api/v1/users/notifications?limit=101')).statusCode).toBe(401);
    expect((await get('/api/v1/users/contributions', 'suspended')).json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
    });
    expect((await get('/api/v1/auth/me', 'suspended')).statusCode).toBe(200);
    expect((await get('/api/v1/auth/check-email?email=a@b.co', 'member')).statusCode).toBe(403);
    expect((await get('/api/v1/auth/check-email?email=a@b.co', 'admin')).statusCode).toBe(200);
    expect((await get('/api/v1/config')).statusCode).toBe(200);
  });
});
