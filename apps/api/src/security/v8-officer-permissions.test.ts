/**
 * ASVS 5.0 V8.2.1 (function-level access) for the back office: every back-office route, for every
 * officer role and for a plain member, answers 403 exactly when the role lacks the route's
 * permission (docs/officers.md). The auditor reads everything and every write of theirs is 403.
 * The table in docs/officers.md is the one this test checks, so the two cannot drift.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  OFFICER_ROLE_LABELS,
  OFFICER_ROLES,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  hasPermission,
  type OfficerRole,
} from '@coop/shared/officers';
import { auditLog } from '../db/schema/index.js';
import { BACK_OFFICE_ROUTE_PERMISSIONS } from '../plugins/route-permissions.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';

const ROUTES = Object.entries(BACK_OFFICE_ROUTE_PERMISSIONS).map(([key, permission]) => {
  const [method = '', url = ''] = key.split(' ');
  return { method: method as 'GET' | 'POST' | 'PUT', url, permission };
});

/** The permission tables of docs/officers.md, as this catalogue renders them. */
function renderPermissionTables(): string[] {
  const roleHeader = `| Permission | What it allows | ${OFFICER_ROLES.map((r) => OFFICER_ROLE_LABELS[r]).join(' | ')} |`;
  const roleRule = `| --- | --- | ${OFFICER_ROLES.map(() => ':---:').join(' | ')} |`;
  const roleRows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${PERMISSION_DESCRIPTIONS[permission]} | ${OFFICER_ROLES.map((role) =>
        hasPermission([role], permission) ? 'yes' : '',
      ).join(' | ')} |`,
  );
  const routeRows = ROUTES.map(
    ({ method, url, permission }) => `| ${method} | \`${url}\` | \`${permission}\` |`,
  );
  return [
    [roleHeader, roleRule, ...roleRows].join('\n'),
    ['| Method | Route | Permission |', '| --- | --- | --- |', ...routeRows].join('\n'),
  ];
}

/** Markdown tables compared cell by cell, whatever padding a formatter gave them. */
const tableText = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, '$1---$2'))
        .join('|'),
    )
    .join('\n');

/** A URL to call: ids that exist nowhere (an allowed caller gets 400 or 404, never 403). */
const concrete = (url: string) =>
  url.replace(/:(id|userId)/g, randomUUID()).replace(':year', '2025');

describe('V8.2.1 back-office routes against the permission matrix', () => {
  let t: TestApp;
  const tokens = {} as Record<OfficerRole | 'member', string>;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
    for (const role of [...OFFICER_ROLES, 'member'] as const) {
      const email = `${role.replace('_', '-')}@matrix.test`;
      await createActiveMember(t, { email, ...(role === 'member' ? {} : { roles: [role] }) });
      tokens[role] = (await signIn(t, email)).accessToken;
    }
  }, 120_000);
  afterAll(() => t.close());

  it('lists every back-office route the app serves, and only those', () => {
    for (const { method, url } of ROUTES) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
  });

  it('is the table docs/officers.md shows', () => {
    const doc = readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/officers.md'),
      'utf8',
    );
    for (const table of renderPermissionTables()) {
      expect(tableText(doc)).toContain(tableText(table));
    }
  });

  const cases = ROUTES.flatMap((route) =>
    ([...OFFICER_ROLES, 'member'] as const).map((role) => ({ ...route, role })),
  );

  it.each(cases)('$method $url as $role', async ({ method, url, permission, role }) => {
    const res = await t.app.inject({
      method,
      url: concrete(url),
      headers: { ...bearer(tokens[role]), 'idempotency-key': randomUUID() },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    const allowed = role !== 'member' && hasPermission([role], permission);
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(403);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('lets the auditor read every page and export and change nothing', async () => {
    const pages = ROUTES.filter((r) => r.method === 'GET' && r.permission.endsWith('.read'));
    for (const { url } of pages) {
      const res = await t.app.inject({ url: concrete(url), headers: bearer(tokens.auditor) });
      expect(res.statusCode, url).not.toBe(403);
    }
    const writes = ROUTES.filter((route) => route.method !== 'GET');
    expect(writes.length).toBe(41);
    const before = await t.db.select().from(auditLog);
    for (const { method, url } of writes) {
      const res = await t.app.inject({
        method,
        url: concrete(url),
        headers: { ...bearer(tokens.auditor), 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Each refusal is audited, and nothing else was written.
    const after = await t.db.select().from(auditLog);
    const added = after.filter((row) => !before.some((b) => b.id === row.id));
    expect(added.map((row) => row.action)).toEqual(writes.map(() => 'authorization.denied'));
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'authorization.denied'));
    expect(denied.length).toBeGreaterThanOrEqual(writes.length);
  });
});
