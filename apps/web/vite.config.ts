/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress.ts';
import { prerenderPages } from './build-plugins/prerender.ts';

// The API process (apps/api) serves the built app and the API on one origin. In development the
// Vite server forwards API calls to it so the refresh cookie stays same-origin.
const apiOrigin = process.env.COOP_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), precompress()],
  resolve: {
    // `@coop/source` makes `@coop/shared/*` resolve to its TypeScript source, so the web build
    // never depends on a separate build of the shared package.
    conditions: ['@coop/source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': { target: apiOrigin, changeOrigin: false } },
  },
  build: {
    // The manifest lets bench/bundle-size.mjs follow what each route downloads first.
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    restoreMocks: true,
    css: false,
    // The files of a worker share one jsdom and one module graph: the environment and the app's
    // modules are set up once per worker, not once per file (setup-tests.ts cleans the DOM, the
    // auth state and storage after each test; no test replaces a module). docs/ci-timings.md.
    isolate: false,
  },
});
