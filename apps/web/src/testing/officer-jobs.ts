import type { OfficerJob, OfficerJobKind } from '@coop/shared/jobs';
import { json } from './fetch-mock';

/**
 * An officer job as `GET /admin/jobs/{id}` answers it, queued unless `fields` say otherwise: the
 * screens that follow a job (import, payroll, dividend payment) are tested against these.
 */
export function officerJob(
  id: string,
  kind: OfficerJobKind,
  fields: Partial<OfficerJob> = {},
): OfficerJob {
  // A union by kind: the caller's `result` belongs to the kind it names.
  return {
    id,
    kind,
    state: 'queued',
    done: 0,
    total: 2,
    result: null,
    message: null,
    error: null,
    createdAt: '2026-03-31T09:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...fields,
  } as OfficerJob;
}

/** A CSV file as the file picker reads it (jsdom's File has no arrayBuffer). */
export function csvFile(text: string, name: string): File {
  const file = new File([text], name, { type: 'text/csv' });
  Object.defineProperty(file, 'arrayBuffer', {
    value: () => Promise.resolve(new TextEncoder().encode(text).buffer),
  });
  return file;
}

/** The 202 of a call that starts a job: the queued job, and where to ask how it goes. */
export function jobStarted(job: OfficerJob) {
  return json(
    202,
    { success: true, data: job, message: 'Started' },
    { Location: `/api/v1/admin/jobs/${job.id}` },
  );
}

/**
 * `GET /admin/jobs/{id}` telling the job's `states` one per question, then the last one for good:
 * running, then succeeded; or failed at once.
 */
export function jobStates(...states: OfficerJob[]) {
  return () => json(200, { success: true, data: states.length > 1 ? states.shift() : states[0] });
}
