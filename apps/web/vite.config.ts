import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { precompress } from './build-plugins/precompress.ts';
import { prerenderPages } from './build-plugins/prerender.ts';
import { serviceWorker } from './build-plugins/service-worker.ts';

// The API process (apps/api) serves the built app and the API on one origin. In development the
// Vite server forwards API calls to it so the refresh cookie stays same-origin.
const apiOrigin = process.env.COOP_API_ORIGIN ?? 'http://127.0.0.1:3000';

// Build-tool tests that run in Node rather than jsdom (the `node` test project, below).
const nodeTests = ['build-plugins/prerender.test.ts', 'build-plugins/precompress.test.ts'];

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), serviceWorker(), precompress()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs first, in one chunk: React, React DOM, React Router and the
              // core of the icons (each icon stays with the page that draws it). Left to the
              // bundler's own grouping, these split into three files once the entry stopped
              // importing the kit's Button, which cost every signed-in first load 0.8 KB gzipped
              // (docs/decisions/146-sign-in-page-first-load.md).
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/])/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    css: false,
    // The files of a worker share one jsdom and one module graph: the environment and the app's
    // modules are set up once per worker, not once per file (setup-tests.ts cleans the DOM, the
    // auth state and storage after each test; no test replaces a module). docs/ci-timings.md.
    isolate: false,
    // One worker per core: vitest's default is one fewer than the cores, which on CI's two
    // leaves one idle while the suite runs alone (docs/ci-timings.md).
    maxWorkers: 2,
    // The two build-tool tests that run in Node sit in a project of their own, which runs first:
    // vitest orders projects by name and keeps a worker for the next file only if that file is
    // of the same project and environment, so a Node test met mid-queue ended the jsdom worker
    // before it and the next file set up jsdom and imported the app again (decision 195).
    projects: [
      { extends: true, test: { name: 'node', include: nodeTests, environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...nodeTests],
        },
      },
    ],
  },
});
