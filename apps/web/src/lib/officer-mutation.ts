import { useRefreshingMutation } from './refreshing-mutation';
import { refreshOfficerLists } from './shared-query-keys';

/**
 * An officer's change (docs/decisions/127-web-api-files.md): its `onSuccess` returns
 * `refreshOfficerLists`, so one officer's write refreshes every back-office screen (the queue, the
 * member's record, the overview's counts, the approvals badge) and `isPending` lasts until they
 * are fresh.
 */
export function useOfficerMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  return useRefreshingMutation(call, refreshOfficerLists);
}
