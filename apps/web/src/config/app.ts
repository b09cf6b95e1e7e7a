/** Settings of the web app. The API lives on the same origin, so nothing here varies per deploy. */

export const APP_NAME = 'Coop Portal';

/** Every API call goes under this base path (docs/member-portal.md §7). */
export const API_BASE_URL = '/api/v1';

/**
 * localStorage key of the access token (the spec leaves the name open). Namespaced so another app
 * on the same origin cannot collide with it.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'coop.accessToken';

/** Shown on the sign-in page when the refresh token could not renew an expired session. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * The id of the sign-in form, which index.html's inline script knows too: it holds back a submit
 * of the prerendered form until the form's code has taken it over (docs/decisions/110 and 146).
 */
export const SIGN_IN_FORM_ID = 'sign-in';
