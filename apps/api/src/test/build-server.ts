import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * Global setup of the `processes` project (vitest.config.ts): brings the server's build
 * (`apps/api/dist`, and the shared code's it imports) up to date with an incremental `tsc -b`,
 * the same step `npm start` takes first (scripts/build.mjs). The processes these tests start
 * then run what an operator runs, and each start loads compiled JavaScript instead of compiling
 * the sources through tsx again: about 1.5 CPU s a start (docs/ci-timings.md). When the build is
 * already current, as in CI after the browser tests' seed, this takes about a second.
 */
export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const began = performance.now();
  execFileSync(process.execPath, [tsc, '-b', 'packages/shared', 'apps/api'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
  });
  console.log(`server build up to date in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}
