import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import type { ActivateAccountResponse, LoginInput, LoginResponse } from '@coop/shared/auth';
import type { TwoFactorLoginInput } from '@coop/shared/security';
import { api } from '../../../lib/api';
import { toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** POST /auth/login */
export function login(credentials: LoginInput): Promise<LoginResponse> {
  // A 401 here means wrong credentials, not an expired session: never refresh.
  return api.post<LoginResponse>('/auth/login', credentials, { skipAuthRefresh: true });
}

/**
 * Signs in and records the outcome in the auth state
 * (docs/decisions/010-web-routing-and-session.md): the submission clears the previous error,
 * success signs the member in, failure leaves the message for the form. The session lives in the
 * auth state, not the query cache, so this is a plain function rather than a mutation hook
 * (docs/decisions/127).
 */
export async function signIn(
  credentials: LoginInput,
): Promise<{ challengeToken: string } | undefined> {
  authStore.signInStarted();
  try {
    const { data } = await login(credentials);
    if ('twoFactorRequired' in data) {
      authStore.secondFactorNeeded();
      return { challengeToken: data.challengeToken };
    }
    authStore.signedIn(data);
  } catch (error) {
    authStore.signInFailed(toApiError(error).message || FALLBACK_MESSAGES.login);
  }
  return undefined;
}

/** POST /auth/login/two-factor: the second step, with the challenge of the first. */
export function loginWithCode(input: TwoFactorLoginInput): Promise<ActivateAccountResponse> {
  return api.post<ActivateAccountResponse>('/auth/login/two-factor', input, {
    skipAuthRefresh: true,
  });
}

/** The second step recorded in the auth state, as `signIn` records the first. */
export async function signInWithCode(input: TwoFactorLoginInput): Promise<void> {
  authStore.signInStarted();
  try {
    const { data } = await loginWithCode(input);
    authStore.signedIn(data);
  } catch (error) {
    authStore.signInFailed(toApiError(error).message || FALLBACK_MESSAGES.login);
  }
}
