import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorBody } from './error-handler.js';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The pages the web build prerendered (apps/web/src/prerender.tsx): their path, and the file in
 * the build with their markup, which is served there instead of the empty index.html
 * (docs/decisions/110-prerendered-sign-in-page.md).
 */
export function prerenderedPages(distDir: string): Map<string, string> {
  const manifest = path.join(distDir, '.vite', 'prerendered.json');
  if (!existsSync(manifest)) return new Map();
  const pages = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).filter(([, file]) => existsSync(path.join(distDir, file))));
}

/**
 * Serves the built web app from the API process: hashed assets cached forever, precompressed
 * .br/.gz siblings chosen by Accept-Encoding (made once at build), and index.html for every
 * other GET outside /api so client-side routes survive a reload (a prerendered page's own file at
 * its path). API paths get a JSON 404.
 */
export const webApp = fp<{ distDir: string }>(async (app, { distDir }) => {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  const prerendered = hasWebApp ? prerenderedPages(distDir) : new Map<string, string>();
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    // /metrics is no page either: a scraper must get a 404, not the web app's HTML with a 200.
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      pathname !== '/metrics';
    // A prerendered page's form sent where scripts do not run (it is method="post", so the
    // password is never in an address): back to the page, which says that sign-in needs them.
    if (req.method === 'POST' && prerendered.has(pathname)) {
      return reply.header('Cache-Control', 'no-store').redirect(pathname, 303);
    }
    if (hasWebApp && wantsPage) {
      return reply
        .header('Cache-Control', 'no-cache')
        .sendFile(prerendered.get(pathname) ?? 'index.html');
    }
    return reply
      .status(404)
      .send(errorBody(404, 'NOT_FOUND', `Route ${req.method} ${pathname} not found`));
  });
});
