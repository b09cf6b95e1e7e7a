import { isOfficerJobFinished, type OfficerJob } from '@coop/shared/jobs';
import { failureMessage } from '../lib/api-client';
import { Alert, AlertDescription } from './ui/alert';

const count = (n: number) => n.toLocaleString('en-NG');

/**
 * How far a running job got (docs/decisions/101-officer-jobs.md): "Importing… 1,200 of 5,000
 * members" and a bar; nothing once it ended (the screen then shows its outcome).
 */
export function JobProgress({
  job,
  doing,
  unit,
}: {
  job: OfficerJob | undefined;
  /** What the job does, as a present participle: "Importing". */
  doing: string;
  /** What it counts, plural: "members". */
  unit: string;
}) {
  if (!job || isOfficerJobFinished(job)) return null;
  const text =
    job.state === 'queued' || job.total === 0
      ? `${doing}: starting…`
      : `${doing}… ${count(job.done)} of ${count(job.total)} ${unit}`;
  return (
    <div className="grid grid-cols-1 gap-2">
      <p role="status">{text}</p>
      <progress
        className="h-2 w-full accent-primary"
        aria-label={`${doing} progress`}
        max={Math.max(job.total, 1)}
        value={job.done}
      />
    </div>
  );
}

/**
 * A job a page started (`useOfficerJobMutation`): why it failed (the job's own message, or
 * `failure`), else how far it got.
 */
export function JobStatus({
  run,
  failure,
  doing,
  unit,
}: {
  run: { isError: boolean; error: unknown; job: OfficerJob | undefined };
  failure: string;
  doing: string;
  unit: string;
}) {
  return (
    <>
      {run.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{failureMessage(run.error, failure)}</AlertDescription>
        </Alert>
      ) : null}
      <JobProgress job={run.job} doing={doing} unit={unit} />
    </>
  );
}
