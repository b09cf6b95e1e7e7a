import { ACCESS_TOKEN_STORAGE_KEY } from '../config/app';

/**
 * Where the access token lives between visits: localStorage
 * (docs/decisions/010-web-routing-and-session.md). The
 * refresh token never touches script: it is an httpOnly cookie. Storage can throw (private mode,
 * disabled storage); the member then stays signed in for this page load only.
 */
export type TokenStorage = {
  get(): string | null;
  set(token: string): void;
  remove(): void;
};

export function createTokenStorage(key: string = ACCESS_TOKEN_STORAGE_KEY): TokenStorage {
  return {
    get() {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(token) {
      try {
        window.localStorage.setItem(key, token);
      } catch {
        // See above: the in-memory auth state still holds the token.
      }
    },
    remove() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}
