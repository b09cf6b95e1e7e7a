import type { ActionResponse } from '@coop/shared/http';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

/** POST /auth/logout */
export function logout(): Promise<ActionResponse> {
  return api.post<ActionResponse>('/auth/logout');
}

/**
 * Ends the session: asks the server to revoke the refresh token, then clears the token and user
 * whatever it answered, because a member who pressed Logout must be signed out on this device
 * even when offline.
 */
export async function signOut(): Promise<void> {
  // Nobody signed in on this device (an open page's Sign Out): nothing to revoke.
  if (authStore.getState().accessToken === null) {
    authStore.signedOut();
    return;
  }
  try {
    await logout();
  } catch {
    // Signed out locally below; the server-side session expires on its own.
  } finally {
    authStore.signedOut();
  }
}
