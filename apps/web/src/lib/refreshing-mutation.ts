import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * A change's hook (docs/decisions/127-web-api-files.md): `useMutation` over the API file's call,
 * whose `onSuccess` returns `refresh(queryClient)` (the feature's `refreshAfter…Change`, or an
 * invalidation), so `isPending` lasts until the screen's data is fresh. What one screen does after
 * the call (a toast, closing a dialog) goes in `mutate(input, { … })`.
 */
export function useRefreshingMutation<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  refresh: (queryClient: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(queryClient) });
}
