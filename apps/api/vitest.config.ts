import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  ssr: { resolve: { conditions: ['@coop/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Each file builds its own app on its own database; argon2 hashing is CPU-bound,
    // so two workers match the two cores CI has.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
