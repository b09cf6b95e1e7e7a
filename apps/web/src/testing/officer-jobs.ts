import type { OfficerJob, OfficerJobKind } from '@coop/shared/jobs';

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
