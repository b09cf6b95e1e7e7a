import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { authStore } from './auth-store';
import { clearOfflineMemberData } from './service-worker';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network trouble on a mobile connection might.
  if (error instanceof ApiRequestError && error.status !== null && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 'offlineFirst': a read is sent even when the device says it is offline, so the service
      // worker can answer it with what it saved (decision 166); retries still wait for a network.
      queries: { staleTime: 30_000, retry: shouldRetry, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Cached data belongs to one member: drop it whenever the session ends (logout, expiry, another
// tab signing out), so the next member to sign in on this device never sees it; the answers the
// service worker saved for offline go with it (decision 166).
let signedIn = authStore.getState().accessToken !== null;
authStore.subscribe(() => {
  const nowSignedIn = authStore.getState().accessToken !== null;
  if (signedIn && !nowSignedIn) {
    queryClient.clear();
    clearOfflineMemberData();
  }
  signedIn = nowSignedIn;
});
