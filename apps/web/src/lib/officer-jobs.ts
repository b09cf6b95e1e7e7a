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

/**
 * Long back-office work (an import, a payroll posting, a dividend payment; docs/decisions/
 * 101-officer-jobs.md): the request answers 202 with a job, and this follows the job, asking
 * `GET /admin/jobs/{id}` every second while it runs. It reads like a mutation: pending until the
 * job ends, `onSuccess` with the finished job (its `result` and `message`), and `error` when the
 * request or the job failed. `job` is the job as last read, for the progress.
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
  const onSuccess = useRef<((job: OfficerJob) => void) | undefined>(undefined);
  useEffect(() => {
    if (!finished) return;
    // What the job changed shows everywhere (the job itself is not asked again).
    void queryClient.invalidateQueries({
      queryKey: officerKeys.all,
      predicate: (query) => query.queryKey[1] !== 'job',
    });
    if (finished.state === 'succeeded') onSuccess.current?.(finished);
    onSuccess.current = undefined;
  }, [finished, queryClient]);
  const failed = finished?.state === 'failed' ? jobFailure(finished) : null;
  return {
    job,
    isPending: mutation.isPending || (job !== undefined && finished === undefined),
    isError: mutation.isError || failed !== null,
    error: mutation.error ?? failed,
    reset: () => {
      onSuccess.current = undefined;
      mutation.reset();
    },
    mutate: (vars: Vars, options?: { onSuccess?: (job: OfficerJob) => void }) => {
      onSuccess.current = options?.onSuccess;
      mutation.mutate(vars);
    },
  };
}
