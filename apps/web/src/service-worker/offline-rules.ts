/**
 * What the service worker does with each request (docs/decisions/166-service-worker-and-offline.md),
 * kept apart from the worker's event handlers so it is tested as plain functions:
 *
 * - a page (navigation): network first, so a release is seen at once; the last page saved when
 *   the network fails;
 * - a hashed build file (/assets/…): cache first, since its name changes with its content;
 * - a GET of the signed-in member's own data on the allowlist below: network first, the answer
 *   saved; offline, the saved answer marked with when it was saved;
 * - everything else (writes, officers' data, other members', files, sign-in): the network only,
 *   never saved.
 */

export type Handling = 'page' | 'asset' | 'member-data' | 'network';

/** The header a saved answer carries when it is served offline: when it was saved (ISO). */
export const OFFLINE_AS_OF_HEADER = 'X-Coop-Offline-As-Of';
/** The cache of member data; emptied when a session ends (lib/offline-data.ts). */
export const MEMBER_DATA_CACHE = 'coop-member-data';
/** The prefix of the build's own cache; the suffix is the build's version. */
export const APP_CACHE_PREFIX = 'coop-app-';
/** The message a page sends the worker to empty the member data cache. */
export const CLEAR_MEMBER_DATA = 'coop:clear-member-data';

const API = '/api/v1';

/**
 * The member's own reads that are saved for offline: the dashboard and the lists of their own
 * money, loans and notices, their profile and settings, and who they are. Not saved: the loan
 * review queue (other members' loans), the guarantor search (other members), files (statements,
 * the data export), security pages (two-factor, sign-in history) and everything of the back office.
 */
const MEMBER_DATA = [
  /^\/auth\/me$/,
  /^\/users\/dashboard(\/|$)/,
  /^\/users\/contributions(\/|$)/,
  /^\/users\/loans(?!\/under-review)(\/|$)/,
  /^\/users\/guarantees(\/|$)/,
  /^\/users\/withdrawals(\/|$)/,
  /^\/users\/dividends(\/|$)/,
  /^\/users\/fines(\/|$)/,
  /^\/users\/notifications(\/|$)/,
  /^\/users\/deposit-notices(\/|$)/,
  /^\/users\/transactions$/,
  /^\/users\/statement$/,
  /^\/users\/(profile|settings)$/,
];

export function isMemberData(pathname: string): boolean {
  if (!pathname.startsWith(`${API}/`)) return false;
  const path = pathname.slice(API.length);
  return MEMBER_DATA.some((pattern) => pattern.test(path));
}

export function handlingOf(
  request: {
    method: string;
    mode: string;
    url: string;
    headers: { get(name: string): string | null };
  },
  origin: string,
): Handling {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return url.pathname.startsWith('/api') ? 'network' : 'page';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  // Only a signed-in call: an answer without the member's token is not theirs to keep.
  if (isMemberData(url.pathname) && request.headers.get('Authorization')) return 'member-data';
  return 'network';
}

/** The answer for a member-data read that is neither online nor saved: the API's error shape. */
export function offlineErrorBody(now: Date): string {
  return JSON.stringify({
    success: false,
    error: 'Service Unavailable',
    message: 'You are offline, and this page has not been saved on this device yet.',
    code: 'OFFLINE',
    timestamp: now.toISOString(),
  });
}
