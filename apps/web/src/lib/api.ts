import { API_TIMEOUT_MS } from '@coop/shared/constants';
import { API_BASE_URL, SESSION_EXPIRED_MESSAGE } from '../config/app';
import { createApiClient } from './api-client';
import { authStore } from './auth-store';
import { offlineStatus } from './offline-status';
import { createTokenStorage } from './token-storage';

const storedToken = createTokenStorage();

/**
 * The app's API client, wired to the auth state: it reads the token from it, stores refreshed
 * tokens in it and ends the session in it when a refresh fails. The guard then sends the member
 * to /auth/login with the page they were on (docs/member-portal.md §8 Transport).
 */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  timeoutMs: API_TIMEOUT_MS,
  getAccessToken: () => authStore.getState().accessToken,
  onTokenRefreshed: (accessToken) => authStore.tokenRefreshed(accessToken),
  onSessionExpired: () => authStore.cleared(SESSION_EXPIRED_MESSAGE),
  onAccountSuspended: () => authStore.accountSuspended(),
  onTwoFactorRequired: (message) => authStore.twoFactorRequired(message),
  // Web Locks serialise refreshes across tabs; browsers without them refresh per tab.
  withRefreshLock: (run) =>
    typeof navigator !== 'undefined' && navigator.locks
      ? (navigator.locks.request('coop.auth.refresh', run) as Promise<
          Awaited<ReturnType<typeof run>>
        >)
      : run(),
  readStoredAccessToken: () => storedToken.get(),
  onAnswer: (offlineAsOf) => offlineStatus.report(offlineAsOf),
});
