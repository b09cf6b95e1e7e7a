import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import type { CurrentUserResponse, User } from '@coop/shared/auth';
import { SESSION_EXPIRED_MESSAGE } from '../../../config/app';
import { api } from '../../../lib/api';
import { toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** GET /auth/me */
export async function getCurrentUser(): Promise<User> {
  const { data } = await api.get<CurrentUserResponse>('/auth/me');
  return data;
}

let loading: Promise<void> | null = null;

/**
 * Loads the signed-in member into the auth state; a failure ends the session
 * (docs/decisions/010-web-routing-and-session.md). Calls made while one is running share it, so a
 * guard that renders twice asks the server once.
 */
export function loadCurrentUser(): Promise<void> {
  loading ??= (async () => {
    authStore.userFetchStarted();
    try {
      authStore.userLoaded(await getCurrentUser());
    } catch (error) {
      const apiError = toApiError(error);
      authStore.cleared(
        apiError.status === 401
          ? SESSION_EXPIRED_MESSAGE
          : apiError.message || FALLBACK_MESSAGES.fetchUser,
      );
    } finally {
      loading = null;
    }
  })();
  return loading;
}
