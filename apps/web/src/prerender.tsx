import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { paths } from './config/paths';

/**
 * The public pages whose markup is in the built HTML, so they paint before any JavaScript has
 * loaded (docs/decisions/110-prerendered-sign-in-page.md). Each is rendered at build time from the
 * same route table and components the browser runs, then hydrated by main.tsx; `file` is where the
 * page lands in the build, and the API serves it for `path` (apps/api/src/plugins/web-app.ts).
 */
export const PRERENDERED_PAGES = [{ path: paths.login, file: 'auth/login.html' }] as const;

/**
 * The app's markup at `location` for a visitor who is not signed in, as main.tsx renders it (the
 * router is the only difference, and it renders no markup of its own). `prerender` waits for the
 * route's lazy chunk, so the page itself is in the markup, not the loading spinner.
 */
export async function renderPage(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
