import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/auth';
import { createAuthStore } from './auth-store';
import { createTokenStorage } from './token-storage';

const KEY = 'coop.accessToken';

describe('auth state', () => {
  it('starts signed in when a token is stored, with no user loaded yet', () => {
    window.localStorage.setItem(KEY, 'stored');
    const store = createAuthStore(createTokenStorage(KEY));
    expect(store.getState()).toEqual({
      user: null,
      accessToken: 'stored',
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
  });

  it('clears the previous error on a new sign-in and stores the token on success', () => {
    const store = createAuthStore(createTokenStorage(KEY));
    store.signInStarted();
    store.signInFailed('Invalid credentials');
    expect(store.getState()).toMatchObject({ isLoading: false, error: 'Invalid credentials' });

    store.signInStarted();
    expect(store.getState()).toMatchObject({ isLoading: true, error: null });
    const user = buildUser();
    store.signedIn({ accessToken: 'fresh', user });
    expect(store.getState()).toEqual({
      user,
      accessToken: 'fresh',
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
    expect(window.localStorage.getItem(KEY)).toBe('fresh');
  });

  it('removes the token and user when the session ends, keeping the reason', () => {
    const store = createAuthStore(createTokenStorage(KEY));
    store.signedIn({ accessToken: 'fresh', user: buildUser() });
    store.cleared('Your session has expired. Please sign in again.');
    expect(store.getState()).toMatchObject({
      user: null,
      accessToken: null,
      isAuthenticated: false,
      error: 'Your session has expired. Please sign in again.',
    });
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(store.endedBySignOut()).toBe(false);
  });

  it('remembers that the member signed out', () => {
    const store = createAuthStore(createTokenStorage(KEY));
    store.signedIn({ accessToken: 'fresh', user: buildUser() });
    store.signedOut();
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, error: null });
    expect(store.endedBySignOut()).toBe(true);
  });

  it('stores a refreshed token and follows other tabs', () => {
    const store = createAuthStore(createTokenStorage(KEY));
    const user = buildUser();
    store.signedIn({ accessToken: 'one', user });
    store.tokenRefreshed('two');
    expect(window.localStorage.getItem(KEY)).toBe('two');

    store.storedTokenChanged('three');
    expect(store.getState()).toMatchObject({ accessToken: 'three', user });

    store.storedTokenChanged(null);
    expect(store.getState()).toMatchObject({ accessToken: null, user: null });
    expect(store.endedBySignOut()).toBe(true);
  });

  it('marks the loaded member inactive when the server reports a suspension', () => {
    const store = createAuthStore(createTokenStorage(KEY));
    store.signedIn({ accessToken: 'one', user: buildUser() });
    store.accountSuspended();
    expect(store.getState().user?.isActive).toBe(false);
  });
});
