/**
 * Where to send a member after sign-in. The guard remembers the page they asked for in the
 * `redirect` query parameter (it survives a reload and a detour through "Forgot password"); only
 * paths on this site are followed, so a crafted link cannot send a member elsewhere.
 */
export const REDIRECT_PARAM = 'redirect';

export function safeRedirectPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/')) return null;
  let url: URL;
  try {
    // Parsing as a browser would catches '//host', '/\\host' and tabs or newlines hidden inside.
    url = new URL(candidate, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  // Going back to a sign-in screen after signing in would loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/auth/login?redirect=<path>` for the page the member was on. */
export function loginPathFor(
  loginPath: string,
  from: { pathname: string; search: string; hash: string },
) {
  const origin = `${from.pathname}${from.search}${from.hash}`;
  const params = new URLSearchParams({ [REDIRECT_PARAM]: origin });
  return `${loginPath}?${params.toString()}`;
}

/** The page to open once signed in: the remembered one, else the fallback (the dashboard). */
export function redirectTarget(search: string, fallback: string): string {
  return safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM)) ?? fallback;
}
