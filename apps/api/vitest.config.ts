import { configDefaults, defineConfig } from 'vitest/config';
import { ApiSequencer } from './src/test/sequencer.js';

// Tests that run the server as a process of its own (start-up, signals, shutdown), from its build
// as `npm start` does. CI runs them beside the other files, after the browser tests' seed has
// built the server (.ci/run).
const processTests = ['src/server.*.test.ts'];
// Tests that get a module graph of their own: one replaces a module (`vi.mock`); the other
// reads the statement cache from empty, and that cache is process-wide on purpose (the other
// files of a shared worker fill it up to its bound).
const ownGraphTests = ['src/lib/breached-passwords.test.ts', 'src/db/statement-cache.test.ts'];

// Each test file has a database of its own (src/test/database.ts), so the files run in an order
// drawn afresh each run: one that leans on another's leftovers fails. The files that run in a
// worker of their own come first, so the `api` files keep two workers from start to end
// (src/test/sequencer.ts, decision 183). The seed is printed so a failing order can be replayed
// with `VITEST_SEED=<seed> npx vitest run`. (Tests inside a file keep their written order: some
// build on what an earlier one declared.)
// This file is read once for the run and once per project: the first read draws the seed.
if (process.env.VITEST_SEED === undefined) {
  process.env.VITEST_SEED = String(Math.floor(Math.random() * 1_000_000));
  console.log(`API test files in shuffled order, VITEST_SEED=${process.env.VITEST_SEED}`);
}
const seed = Number(process.env.VITEST_SEED);

export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  ssr: { resolve: { conditions: ['@coop/source'] } },
  test: {
    // Each file builds its own app on its own database; argon2 hashing is CPU-bound,
    // so two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Passwords are hashed at the least cost argon2id allows (decision 161).
    setupFiles: ['src/test/password-cost.ts'],
    sequence: { sequencer: ApiSequencer, seed },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          // Timing measurements run alone: `npm run bench:auth-timing` (vitest.timing.config.ts).
          exclude: [
            ...configDefaults.exclude,
            'src/**/*.timing.test.ts',
            ...processTests,
            ...ownGraphTests,
          ],
          // Migrates one database that every test file copies (test/database.ts).
          globalSetup: ['src/test/global-setup.ts'],
          // The files of a worker share one module graph: each imports the app's modules once
          // per worker, not once per file (about half the suite's CPU time went to importing).
          // Each file still has its own database and builds its own app; a file that needs a
          // module's state from empty runs in `own-graph` (docs/ci-timings.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own-graph', include: ownGraphTests },
      },
      {
        extends: true,
        // Their servers migrate their own databases, as a real start-up does. They run the
        // server's build, which the global setup brings up to date first.
        test: {
          name: 'processes',
          include: processTests,
          globalSetup: ['src/test/build-server.ts'],
        },
      },
    ],
  },
});
