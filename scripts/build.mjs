// Builds what is stale: the shared package and the API with incremental `tsc -b`, and the web
// app only when a source file is newer than its last build (so `npm start` stays quick). Each
// step says what it compiles and about how long it takes; the compilers' own output is shown
// only when a step fails (docs/operations.md "Logs").
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Runs a compiler quietly; when it fails, its output is printed, then the failure. */
function run(cmd, args) {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (err) {
    process.stdout.write(String(err.stdout ?? ''));
    process.stderr.write(String(err.stderr ?? ''));
    throw err;
  }
}

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Runs a step, saying first what it does and about how long it takes (a first start takes a
 * while), then how long it took.
 */
function step(label, estimate, action) {
  const started = Date.now();
  console.log(`${label} (${estimate})…`);
  action();
  console.log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Compiles the shared code and the API to JavaScript (`dist/`), incrementally (`tsc -b`), without
 * type-checking them (`--noCheck`): the build only compiles, as the web app's Vite build always
 * has, and the types are checked by `npm run typecheck`, `npm run check` and CI's check step.
 * With `verbatimModuleSyntax` and `isolatedModules` on, the JavaScript is the same either way
 * (decision 004).
 */
export function buildServer() {
  // Incremental: after the first start this takes a second or two.
  const apiBuilt = existsSync(path.join(root, 'apps/api/dist/server.js'));
  step(
    'Compiling the API and the shared code with TypeScript',
    apiBuilt
      ? 'seconds if little changed, half a minute after a large update'
      : 'the first time, about half a minute',
    () => run('npx', ['tsc', '-b', '--noCheck', 'packages/shared', 'apps/api']),
  );
}

export function build() {
  buildServer();

  const webIndex = path.join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build-plugins',
    'apps/web/tsconfig.json',
    'apps/web/package.json',
    'packages/shared/src',
  ];
  if (Math.max(...sources.map(newestMtime)) > builtAt) {
    // Always a production build (the web package's build script sets NODE_ENV), whatever the
    // environment says: a development React is three times larger and slower.
    step(
      'Building the web app with Vite',
      builtAt === 0 ? 'the first time, about a minute' : 'about half a minute',
      () => run('npm', ['run', 'build', '--silent', '-w', '@coop/web']),
    );
  }
}

// `node scripts/build.mjs` builds everything stale; `node scripts/build.mjs server` only the API
// and the shared code it runs on (the API's process tests, src/test/build-server.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'server') buildServer();
  else build();
}
