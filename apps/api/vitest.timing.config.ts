import { defineConfig } from 'vitest/config';

/** `npm run bench:auth-timing`: the timing measurements, kept out of `npm test` (decision 080). */
export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  ssr: { resolve: { conditions: ['@coop/source'] } },
  test: {
    include: ['src/**/*.timing.test.ts'],
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
