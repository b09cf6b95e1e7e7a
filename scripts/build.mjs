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

export function build() {
  run('npx', ['tsc', '-b', 'packages/shared', 'apps/api']);

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
    console.log('Building the web app…');
    run('npm', ['run', 'build', '--silent', '-w', '@coop/web']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) build();
