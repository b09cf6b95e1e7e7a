import { defineConfig } from 'vitest/config';

// The repository's own tooling (lint rules), tested from the root: `npm run test:tooling`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    // Type-aware lint builds the TypeScript programs of three projects: slow on two cores.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
