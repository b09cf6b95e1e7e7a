// Builds what is stale: the shared package and the API with incremental `tsc -b`, and the web
// app only when a source file is newer than its last build (so `npm start` stays quick).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

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

/** Runs a step, saying what it does first and how long it took: a first start takes a while. */
function step(label, action) {
  const started = Date.now();
  console.log(`${label}…`);
  action();
  console.log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function build() {
  // Incremental: after the first start this takes a second or two.
  step('Compiling the API and shared code', () =>
    run('npx', ['tsc', '-b', 'packages/shared', 'apps/api']),
  );

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
    step('Building the web app (the first time takes about a minute)', () =>
      run('npm', ['run', 'build', '--silent', '-w', '@coop/web']),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) build();
