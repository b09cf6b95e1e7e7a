import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * Global setup of the `processes` project (vitest.config.ts): brings the server's build
 * (`apps/api/dist`, and the shared code's it imports) up to date with the same incremental step
 * `npm start` takes first (`scripts/build.mjs`, decision 004). The processes these tests start
 * then run what an operator runs, and each start loads compiled JavaScript instead of compiling
 * the sources through tsx again: about 1.5 CPU s a start (decision 202). When the build is
 * already current, as in CI after the browser tests' seed, this takes about a second.
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
  });
}
