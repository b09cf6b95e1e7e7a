/**
 * ASVS 5.0 V1/V2 (validation) and V4 (API): control characters, malformed URLs and wrong content
 * types answer 400/415 in the docs/member-portal.md §8 shape with the security headers, and a
 * property-based fuzz of every route in the OpenAPI document never gets a 5xx.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';

const SPEC_SHAPE = {
  success: false,
  error: expect.any(String),
  message: expect.any(String),
  code: expect.any(String),
  timestamp: expect.any(String),
};

function expectSecured(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBeDefined();
}

describe('V2.2 input and V4.1 framework errors', () => {
  let t: TestApp;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createActiveMember(t, { email: 'input@example.com' });
    member = (await signIn(t, 'input@example.com')).accessToken;
  });
  afterAll(() => t.close());

  it.each([
    ['NUL', 'ada\u0000@example.com'],
    ['bell', 'ada\u0007@example.com'],
    ['escape', '\u001b[31mM0001'],
    ['DEL', 'M0001\u007f'],
  ])('a %s in the sign-in identifier answers 400, not 500', async (_name, identifier) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier, password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ...SPEC_SHAPE,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'identifier', message: 'Must not contain control characters' }],
    });
  });

  it('a NUL in the dev outbox `to` and in a search query answers 400', async () => {
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b' });
    expect(outbox.statusCode).toBe(400);
    expect(outbox.json().code).toBe('VALIDATION_ERROR');
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/contributions?search=%00',
      headers: bearer(member),
    });
    expect(search.statusCode).toBe(400);
  });

  it('a malformed URL answers 400 in the spec shape with the security headers', async () => {
    for (const url of ['/assets/%c0%ae', '/api/v1/users/contributions/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ...SPEC_SHAPE, code: 'BAD_REQUEST' });
      expectSecured(res);
    }
  });

  it('a wrong content type answers 415 in the spec shape with the security headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'identifier=a&password=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ ...SPEC_SHAPE, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expectSecured(res);
  });

  it('malformed JSON answers 400 in the spec shape with the security headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(SPEC_SHAPE);
    expectSecured(res);
  });
});

describe('V4 fuzz: every route of the OpenAPI document with generated bad input', () => {
  let t: TestApp;
  let tokens: Record<'anonymous' | 'member' | 'admin', string | null>;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    t = await createTestApp();
    await createActiveMember(t, { email: 'fuzz@example.com' });
    await createActiveMember(t, { email: 'fuzz-admin@example.com', roles: ['president'] });
    tokens = {
      anonymous: null,
      member: (await signIn(t, 'fuzz@example.com')).accessToken,
      admin: (await signIn(t, 'fuzz-admin@example.com')).accessToken,
    };
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => t.close());

  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('', ' ', '%', '../../etc/passwd', "' or 1=1 --", '\u0000', '-1', '1e309'),
  );
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(text, { maxLength: 3 }),
  );
  const record = fc.dictionary(
    fc.oneof(
      fc.constantFrom('page', 'limit', 'status', 'search', 'id', 'email', 'amount', 'month'),
      text,
    ),
    value,
    { maxKeys: 5 },
  );

  it('never answers 5xx', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const fiveHundreds: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        fc.constantFrom('anonymous', 'member', 'admin'),
        text,
        record,
        fc.oneof(record, value),
        fc.option(text),
        async (index, who, param, query, body, idempotencyKey) => {
          const route = routes[index]!;
          const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(param) || 'x');
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const token = tokens[who];
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: {
              ...(token ? bearer(token) : {}),
              ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
            },
            ...(route.method === 'GET' ? {} : { payload: body as object }),
          });
          if (res.statusCode >= 500) fiveHundreds.push(`${route.method} ${url} ${res.body}`);
          return res.statusCode < 500;
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
    expect(fiveHundreds).toEqual([]);
  }, 120_000);
});
