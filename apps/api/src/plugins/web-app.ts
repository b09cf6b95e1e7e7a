import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorBody } from './error-handler.js';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app from the API process: hashed assets cached forever, precompressed
 * .br/.gz siblings chosen by Accept-Encoding (made once at build), and index.html for every
 * other GET outside /api so client-side routes survive a reload. API paths get a JSON 404.
 */
export const webApp = fp<{ distDir: string }>(async (app, { distDir }) => {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
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
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody(404, 'NOT_FOUND', `Route ${req.method} ${pathname} not found`));
  });
});
