import { useSyncExternalStore } from 'react';
import type { User } from '@coop/shared/auth';
import { createTokenStorage, type TokenStorage } from './token-storage';

/**
 * Auth state (docs/decisions/010-web-routing-and-session.md): user, accessToken, isAuthenticated,
 * isLoading, error.
 */
export type AuthState = {
  user: User | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /**
   * Why the back office refused this officer (403 TWO_FACTOR_REQUIRED): the back office sends
   * them to two-factor set-up, which shows it. Absent otherwise.
   */
  twoFactorRequired?: string;
};

/**
 * A small external store rather than a React context, because the API client (outside React)
 * must read the token, store a refreshed one and end the session when a refresh fails. The state
 * transitions are those of docs/decisions/010-web-routing-and-session.md.
 */
export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore(tokens: TokenStorage = createTokenStorage()) {
  const storedToken = tokens.get();
  let state: AuthState = {
    user: null,
    accessToken: storedToken,
    // "Signed-in state depends on a stored access token"
    // (docs/decisions/010-web-routing-and-session.md); the guard loads the user.
    isAuthenticated: storedToken !== null,
    isLoading: false,
    error: null,
  };
  const listeners = new Set<() => void>();
  // Whether the last session ended because the member signed out (here or in another tab), as
  // opposed to expiring: only an expired session sends the member back to the page they were on.
  let endedBySignOut = false;

  function update(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  return {
    getState: (): AuthState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Login submission clears a previous error and starts sign-in. */
    signInStarted() {
      update({ isLoading: true, error: null });
    },
    /** Login or activation succeeded. */
    signedIn({ accessToken, user }: { accessToken: string; user: User }) {
      tokens.set(accessToken);
      endedBySignOut = false;
      update({
        accessToken,
        user,
        isAuthenticated: true,
        isLoading: false,
        error: null,
        twoFactorRequired: undefined,
      });
    },
    signInFailed(message: string) {
      update({ isLoading: false, error: message });
    },
    /** The password was right and two-factor is on: the form asks for the code next. */
    secondFactorNeeded() {
      update({ isLoading: false, error: null });
    },

    userFetchStarted() {
      update({ isLoading: true });
    },
    userLoaded(user: User) {
      update({ user, isAuthenticated: true, isLoading: false, error: null });
    },

    /** The API client renewed the access token. */
    tokenRefreshed(accessToken: string) {
      tokens.set(accessToken);
      update({ accessToken, isAuthenticated: true });
    },
    /** The member was suspended while signed in: the guard sends them to the suspended page. */
    accountSuspended() {
      if (state.user) update({ user: { ...state.user, isActive: false } });
    },

    /** An officer without a two-factor sign-in called the back office. */
    twoFactorRequired(message: string) {
      if (state.twoFactorRequired !== message) update({ twoFactorRequired: message });
    },
    /** The officer's sign-in now carries the second factor (turned on, token renewed). */
    twoFactorSatisfied() {
      if (state.twoFactorRequired !== undefined) update({ twoFactorRequired: undefined });
    },

    /** Ends the session after a failed refresh or current-user fetch, with the message to show. */
    cleared(error: string | null) {
      tokens.remove();
      endedBySignOut = false;
      update({
        user: null,
        accessToken: null,
        isAuthenticated: false,
        isLoading: false,
        error,
        twoFactorRequired: undefined,
      });
    },
    /** Logout: clears the user and token (docs/decisions/010-web-routing-and-session.md). */
    signedOut() {
      tokens.remove();
      endedBySignOut = true;
      update({
        user: null,
        accessToken: null,
        isAuthenticated: false,
        isLoading: false,
        error: null,
        twoFactorRequired: undefined,
      });
    },
    endedBySignOut: (): boolean => endedBySignOut,

    /**
     * Another tab signed in, refreshed or signed out: follow it, so two tabs never hold different
     * sessions and never spend the same refresh token twice.
     */
    storedTokenChanged(token: string | null) {
      if (token === state.accessToken) return;
      if (token === null) {
        endedBySignOut = true;
        update({ user: null, accessToken: null, isAuthenticated: false, isLoading: false });
      } else {
        // A refresh or a sign-in there. Signing in as someone else needs a sign-out first, which
        // reached this tab as `null`, so the loaded user (if any) is still the right one.
        update({ accessToken: token, isAuthenticated: true });
      }
    },
  };
}

export const authStore = createAuthStore();

export function useAuth(): AuthState {
  const { subscribe, getState } = authStore;
  return useSyncExternalStore(subscribe, getState, getState);
}
