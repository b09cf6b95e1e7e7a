import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshOfficerLists } from './shared-query-keys';

/**
 * An officer's change (docs/decisions/127-web-api-files.md): `useMutation` over the API file's
 * call, whose `onSuccess` returns `refreshOfficerLists`, so one officer's write refreshes every
 * back-office screen (the queue, the member's record, the overview's counts, the approvals badge)
 * and `isPending` lasts until they are fresh. What one screen does after the call (a toast,
 * closing a dialog) goes in `mutate(input, { … })`.
 */
export function useOfficerMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshOfficerLists(queryClient) });
}
