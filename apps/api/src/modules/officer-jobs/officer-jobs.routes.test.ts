import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import type { OfficerJob } from '@coop/shared/jobs';
import { officerJobs, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { readJob, runOfficerJobs } from '../../test/officer-jobs.js';
import { MEMBER_IMPORT_BATCH } from '../members/members.service.js';
import { runOfficerJob } from '../../lib/officer-jobs.js';
import { memberImportJobWork } from '../members/members.service.js';

/**
 * Officer jobs (decision 101) on whichever database the run uses (embedded, or PostgreSQL with
 * TEST_DATABASE_URL): a long import answers 202 and its job; its status is the requester's alone;
 * progress is readable while the job runs; a run cut short resumes without creating anyone twice;
 * a refused file queues nothing.
 */

const NOW = '2025-06-15T09:00:00Z';
const header = 'firstName,lastName,email,phoneNumber,membershipId,joinedOn\r\n';
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => `Job,M${i},job${i}@bulk.test,,,2025-01-15`).join('\r\n');
const upload = (text: string) => ({
  fileName: 'members.csv',
  content: Buffer.from(text, 'utf8').toString('base64'),
});

describe('officer jobs', () => {
  let t: TestApp;
  let chair: string;
  let secretary: string;
  let ada: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    for (const [email, roles] of [
      ['chair@test.coop', ['president']],
      ['sec@test.coop', ['president']],
      ['ada@test.coop', []],
    ] as const) {
      await createActiveMember(t, { email, roles: [...roles], joinedOn: '2020-01-01' });
    }
    chair = (await signIn(t, 'chair@test.coop')).accessToken;
    secretary = (await signIn(t, 'sec@test.coop')).accessToken;
    ada = (await signIn(t, 'ada@test.coop')).accessToken;
  }, 180_000);
  afterAll(() => t.close());

  const importFile = (token: string, text: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/import',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: upload(text),
    });
  const imported = async () =>
    (await t.db.select({ n: count() }).from(users).where(like(users.email, '%@bulk.test')))[0]?.n;

  it('refuses a bad file at once, row by row, and queues no job', async () => {
    const res = await importFile(chair, `${header}Bad,Phone,bad@bulk.test,12345,,\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'CSV_REJECTED' });
    expect(await t.db.select().from(officerJobs)).toEqual([]);
  });

  let location = '';
  const total = MEMBER_IMPORT_BATCH * 2 + 50;

  it('answers 202 with a queued job that only its officer can read', async () => {
    const res = await importFile(chair, `${header}${rows(total)}\r\n`, 'big-import');
    expect(res.statusCode, res.body).toBe(202);
    location = String(res.headers.location);
    const job = res.json<{ data: OfficerJob }>().data;
    expect(location).toBe(`/api/v1/admin/jobs/${job.id}`);
    expect(job).toMatchObject({ kind: 'members.import', state: 'queued', done: 0, total });
    expect(await readJob(t, location, chair)).toMatchObject({ state: 'queued', result: null });

    const as = (headers: Record<string, string>, url = location) => t.app.inject({ url, headers });
    expect((await as({})).statusCode).toBe(401);
    expect((await as(bearer(ada))).statusCode).toBe(403);
    // Another officer, like an unknown id, finds nothing.
    expect((await as(bearer(secretary))).json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await as(
      bearer(chair),
      '/api/v1/admin/jobs/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);

    // A retry with the same key is the same job; nothing more is queued.
    const again = await importFile(chair, `${header}${rows(total)}\r\n`, 'big-import');
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).toBe(job.id);
    expect(await t.db.select().from(officerJobs)).toHaveLength(1);
    expect(await imported()).toBe(0);
  });

  it('shows progress while it runs, and resumes a run cut short without doubling anyone', async () => {
    const stop = new AbortController();
    const [id] = location.split('/').slice(-1);
    const works = { 'members.import': memberImportJobWork } as Parameters<typeof runOfficerJob>[1];
    const running = runOfficerJob(t.deps, works, id ?? '', stop.signal);
    // Read while the job runs: each batch commits its progress, and the database is free between.
    let seen: OfficerJob | undefined;
    for (const until = Date.now() + 120_000; !seen && Date.now() < until;) {
      const job = await readJob(t, location, chair);
      if (job.state === 'running' && job.done > 0) seen = job;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stop.abort();
    expect(seen).toMatchObject({ state: 'running', total, result: null });
    expect(seen?.done).toBeGreaterThan(0);
    expect((await running).outcome).toBe('stopped');

    // Left running, as a process that died would leave it: what committed is whole batches.
    const [left] = await t.db
      .select()
      .from(officerJobs)
      .where(eq(officerJobs.id, id ?? ''));
    expect(left?.state).toBe('running');
    expect(left?.done ?? 0).toBeLessThan(total);
    expect(left?.done ?? 1).toBe(
      Math.min(total, Math.ceil((left?.done ?? 1) / MEMBER_IMPORT_BATCH) * MEMBER_IMPORT_BATCH),
    );
    expect(await imported()).toBe(left?.done);

    // The next run (the worker's next poll, here or on another instance) resumes it.
    await runOfficerJobs(t);
    const job = await readJob(t, location, chair);
    expect(job).toMatchObject({
      state: 'succeeded',
      done: total,
      total,
      message: `${total} members imported. Their activation e-mails are on their way.`,
    });
    if (job.kind !== 'members.import') throw new Error('not an import');
    expect(job.result?.imported).toBe(total);
    expect(new Set(job.result?.members.map((m) => m.email)).size).toBe(total);
    expect(await imported()).toBe(total);
  }, 300_000);

  it('gives a job up after it was interrupted three times, saying so', async () => {
    const res = await importFile(chair, `${header}Late,Comer,late@bulk.test,,,\r\n`);
    const id = res.json<{ data: OfficerJob }>().data.id;
    await t.db
      .update(officerJobs)
      .set({ state: 'running', attempts: 3 })
      .where(eq(officerJobs.id, id));
    await runOfficerJobs(t);
    const job = await readJob(t, String(res.headers.location), chair);
    expect(job).toMatchObject({
      state: 'failed',
      error: {
        code: 'JOB_INTERRUPTED',
        message: 'The job was interrupted 3 times and was given up.',
      },
    });
    expect(
      await t.db.select({ n: count() }).from(users).where(eq(users.email, 'late@bulk.test')),
    ).toEqual([{ n: 0 }]);
  }, 120_000);

  it('fails a job whose file became wrong since it was queued, with the rows to fix', async () => {
    const res = await importFile(chair, `${header}Twice,Over,twice@bulk.test,,,\r\n`);
    expect(res.statusCode).toBe(202);
    await createActiveMember(t, { email: 'twice@bulk.test' });
    await runOfficerJobs(t);
    const job = await readJob(t, String(res.headers.location), chair);
    expect(job).toMatchObject({
      state: 'failed',
      done: 0,
      error: {
        code: 'CSV_REJECTED',
        message: 'The file was not imported: 1 problem to fix',
        details: [{ line: 2, message: 'A member with the e-mail twice@bulk.test already exists' }],
      },
    });
  }, 120_000);

  it.each<[string, Partial<typeof users.$inferInsert>]>([
    ['relieved of the duty', { roles: [] }],
    ['suspended', { isActive: false }],
  ])(
    'stops a job whose officer was %s after queuing it, importing no one',
    async (_, change) => {
      const which = Object.keys(change)[0];
      const email = `officer-${which}@test.coop`;
      const lateMember = `late-${which}@bulk.test`;
      const officer = await createActiveMember(t, {
        email,
        roles: ['president'],
        joinedOn: '2020-01-01',
      });
      const token = (await signIn(t, email)).accessToken;
      const res = await importFile(token, `${header}Late,Job,${lateMember},,,2025-01-15\r\n`);
      expect(res.statusCode, res.body).toBe(202);
      await t.db.update(users).set(change).where(eq(users.id, officer.id));
      await runOfficerJobs(t);
      const [job] = await t.db
        .select()
        .from(officerJobs)
        .where(eq(officerJobs.requestedBy, officer.id));
      expect(job).toMatchObject({ state: 'failed', done: 0 });
      expect(job?.error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'The officer who started this job may no longer do this work, so it stopped.',
      });
      expect(await t.db.select().from(users).where(eq(users.email, lateMember))).toEqual([]);
    },
    120_000,
  );
});
