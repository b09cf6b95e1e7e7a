import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  ssr: { resolve: { conditions: ['@coop/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Timing measurements run alone: `npm run bench:auth-timing` (vitest.timing.config.ts).
    exclude: [...configDefaults.exclude, 'src/**/*.timing.test.ts'],
    // Each file builds its own app on its own database; argon2 hashing is CPU-bound,
    // so two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
