import { isOfficerJobFinished, type OfficerJob, type OfficerJobResponse } from '@coop/shared/jobs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api';
import { ApiRequestError } from './api-client';
import { officerKeys } from './shared-query-keys';

/** How often a screen asks how a running job is going. */
export const JOB_POLL_MS = 1_000;

/** A job that failed, as the error a failed request would be: its code, message and details. */
function jobFailure(job: OfficerJob): ApiRequestError {
  const error = job.error ?? { code: 'INTERNAL_ERROR', message: 'The job failed' };
  return new ApiRequestError(
    {
      error: error.code,
      code: error.code,
      message: error.message,
      details: error.details,
      timestamp: job.finishedAt ?? job.createdAt,
    },
    null,
    error.message,
  );
}

type Run = {
  resolve: (job: OfficerJob) => void;
  reject: (error: unknown) => void;
  /** `mutate`'s callback, called as the job is seen succeeded (in the same render). */
  onSuccess?: ((job: OfficerJob) => void) | undefined;
};

/**
 * Long back-office work (an import, a payroll posting, a dividend payment; docs/decisions/
 * 101-officer-jobs.md): the request answers 202 with a job, and this follows the job, asking
 * `GET /admin/jobs/{id}` every second while it runs. It reads like a mutation: pending until the
 * job ends; `mutateAsync(vars)` resolves with the finished job (its `result` and `message`) and
 * rejects with the request's refusal or the job's failure, so a kit dialog awaits it and stays
 * open with the refusal (docs/decisions/124-dialog-kit.md); `mutate(vars, { onSuccess })` is the
 * same for a screen that shows `error` itself. `job` is the job as last read, for the progress.
 */
export function useOfficerJobMutation<Vars>(start: (vars: Vars) => Promise<OfficerJobResponse>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: start });
  const started = mutation.data?.data;
  const status = useQuery({
    queryKey: [...officerKeys.all, 'job', started?.id ?? null],
    queryFn: async () => (await api.get<OfficerJobResponse>(`/admin/jobs/${started?.id}`)).data,
    enabled: started !== undefined,
    refetchInterval: (query) =>
      query.state.data && isOfficerJobFinished(query.state.data) ? false : JOB_POLL_MS,
  });
  const job = status.data ?? started;
  const finished = job && isOfficerJobFinished(job) ? job : undefined;
  // The run waiting for its job's end; settled once, when the job is seen finished. A retry
  // with the same Idempotency-Key is answered the same job, perhaps already finished and read:
  // the new answer (`started`) is then what tells the run it ended.
  const waitingRun = useRef<Run | undefined>(undefined);
  useEffect(() => {
    if (!finished) return;
    // What the job changed shows everywhere (the job itself is not asked again).
    void queryClient.invalidateQueries({
      queryKey: officerKeys.all,
      predicate: (query) => query.queryKey[1] !== 'job',
    });
    const waiting = waitingRun.current;
    waitingRun.current = undefined;
    if (finished.state === 'succeeded') {
      waiting?.onSuccess?.(finished);
      waiting?.resolve(finished);
    } else waiting?.reject(jobFailure(finished));
  }, [finished, started, queryClient]);
  const failed = finished?.state === 'failed' ? jobFailure(finished) : null;
  const run = (vars: Vars, onSuccess?: (job: OfficerJob) => void) =>
    new Promise<OfficerJob>((resolve, reject) => {
      const waiting: Run = { resolve, reject, onSuccess };
      waitingRun.current = waiting;
      mutation.mutateAsync(vars).catch((error: Error) => {
        if (waitingRun.current === waiting) waitingRun.current = undefined;
        reject(error);
      });
    });
  return {
    job,
    isPending: mutation.isPending || (job !== undefined && finished === undefined),
    isError: mutation.isError || failed !== null,
    error: mutation.error ?? failed,
    reset: () => {
      waitingRun.current = undefined;
      mutation.reset();
    },
    mutateAsync: (vars: Vars) => run(vars),
    mutate: (vars: Vars, options?: { onSuccess?: (job: OfficerJob) => void }) => {
      // The refusal is the hook's `error`, which the screen shows.
      run(vars, options?.onSuccess).catch(() => undefined);
    },
  };
}
