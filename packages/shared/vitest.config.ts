import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@coop/source'] },
  test: { include: ['src/**/*.test.ts'] },
});
