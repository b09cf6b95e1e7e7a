import { configDefaults, defineConfig } from 'vitest/config';

// Tests that run the server as a process of its own (start-up, signals, shutdown).
const processTests = ['src/server.*.test.ts'];

export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  ssr: { resolve: { conditions: ['@coop/source'] } },
  test: {
    // Each file builds its own app on its own database; argon2 hashing is CPU-bound,
    // so two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          // Timing measurements run alone: `npm run bench:auth-timing` (vitest.timing.config.ts).
          exclude: [...configDefaults.exclude, 'src/**/*.timing.test.ts', ...processTests],
          // Migrates one database that every test file copies (test/database.ts).
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        // Their servers migrate their own databases, as a real start-up does.
        test: { name: 'processes', include: processTests },
      },
    ],
  },
});
