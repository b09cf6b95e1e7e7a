import type { OfficerJob } from '@coop/shared/jobs';
import { expect } from 'vitest';
import { OFFICER_JOBS } from '../jobs.js';
import type { TestApp } from './app.js';

/** What the job worker's poll does for officer jobs: runs every queued one to its end. */
export async function runOfficerJobs(t: TestApp): Promise<void> {
  await OFFICER_JOBS.handler(t.deps, t.deps.clock.now(), new AbortController().signal);
}

/** A job's status as its officer reads it (`token`), from the 202 answer's Location. */
export async function readJob(t: TestApp, location: string, token: string): Promise<OfficerJob> {
  const res = await t.app.inject({ url: location, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OfficerJob }>().data;
}

/**
 * The end of a request that queued a job: checks the 202 answer, runs the jobs, and answers the
 * job as its officer then reads it (succeeded with its summary, or failed with why).
 */
export async function finishedJob(
  t: TestApp,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  token: string,
): Promise<OfficerJob> {
  expect(res.statusCode, res.body).toBe(202);
  const location = res.headers.location;
  expect(location).toMatch(/^\/api\/v1\/admin\/jobs\/[0-9a-f-]{36}$/);
  await runOfficerJobs(t);
  return readJob(t, String(location), token);
}
