import type { User } from '@coop/shared/auth';
import { authStore } from '../lib/auth-store';

/** A member as GET /auth/me returns them (Ada of the demo cooperative); role 'admin' is a president. */
export function buildUser(overrides: Partial<User> = {}): User {
  const id = '0b6f3c2e-8f1d-4a5b-9c7e-2d4f6a8b0c1e';
  return {
    _id: id,
    id,
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@demo.coop',
    phoneNumber: '+2348030000001',
    membershipId: 'M0001',
    role: 'user',
    roles: overrides.role === 'admin' ? ['president'] : [],
    isActive: true,
    isLoanReviewer: true,
    isExco: false,
    ...overrides,
  };
}

export function signInAs(user: User = buildUser(), accessToken = 'access-token-1') {
  authStore.signedIn({ accessToken, user });
}

/** A stored token and no loaded user: the state after a page reload. */
export function withStoredToken(accessToken = 'access-token-1') {
  authStore.storedTokenChanged(accessToken);
}

/** Signed out, with no error and no memory of how the last session ended. */
export function resetAuth() {
  authStore.cleared(null);
}
