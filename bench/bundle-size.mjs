// `npm run bench:size`: builds the web app, then prints the gzipped JavaScript and CSS that the
// first load of /auth/login, /dashboard and /contributions download: index.html's entry with everything it
// imports statically, plus each lazy route module the path renders and its static imports.
// `--no-build` measures the existing apps/web/dist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** Budgets for the JavaScript of a page's first load, gzipped (web issue; list-kit issue). */
const JS_BUDGETS_KB = { '/auth/login': 120, '/dashboard': 170, '/loans': 190 };

/**
 * The lazy route modules each path renders, outermost first, as `apps/web/src/app/router.tsx`
 * nests them. The script fails if one is missing from the manifest, so a renamed route cannot
 * silently drop out of the measurement.
 */
const PAGES = {
  '/auth/login': ['src/app/routes/auth/login.tsx'],
  // The sign-in form loads its validation and API client when the member first focuses it.
  '/auth/login + focus': [
    'src/app/routes/auth/login.tsx',
    'src/features/auth/components/login-submission.ts',
  ],
  '/dashboard': [
    'src/app/routes/query-layout.tsx',
    'src/app/routes/member/layout.tsx',
    'src/app/routes/member/dashboard.tsx',
  ],
  // The first list on the list kit; its date picker's calendar loads on demand and is not counted.
  '/contributions': [
    'src/app/routes/query-layout.tsx',
    'src/app/routes/member/layout.tsx',
    'src/app/routes/member/contributions.tsx',
  ],
  // Loans: its own lazy chunk (issue 8: at most 190 KB gzipped on first load).
  '/loans': [
    'src/app/routes/query-layout.tsx',
    'src/app/routes/member/layout.tsx',
    'src/app/routes/member/loans.tsx',
  ],
};

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@coop/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  throw new Error(`No build manifest at ${manifestPath}: build.manifest must stay on.`);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** Files index.html itself loads: its module script, preloads and stylesheets. */
function filesFromHtml() {
  const files = new Set();
  for (const [, attribute] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"/g)) {
    if (/\.(js|css)$/.test(attribute)) files.add(attribute);
  }
  return files;
}

/** A manifest entry's file with every static import (transitively) and their CSS. */
function collect(key, files, seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (renamed route?)`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
  return files;
}

const gzipSizes = new Map();
function gzippedBytes(file) {
  if (!gzipSizes.has(file)) {
    const source = readFileSync(path.join(dist, file));
    gzipSizes.set(file, gzipSync(source, { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const entryFiles = collect('index.html', filesFromHtml());

console.log('First load, gzipped (level 9), of the built web app:\n');
console.log('page                  JS KB   CSS KB   files');
const jsByPage = {};
for (const [page, modules] of Object.entries(PAGES)) {
  const files = new Set(entryFiles);
  for (const module of modules) collect(module, files);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += gzippedBytes(file);
    else if (file.endsWith('.css')) css += gzippedBytes(file);
  }
  jsByPage[page] = js;
  console.log(
    `${page.padEnd(21)} ${kb(js).padStart(6)}  ${kb(css).padStart(7)}   ${String(files.size).padStart(5)}`,
  );
}

console.log('');
for (const [page, budget] of Object.entries(JS_BUDGETS_KB)) {
  const verdict = jsByPage[page] / 1024 <= budget ? 'within' : 'OVER';
  console.log(`${page} JavaScript: ${kb(jsByPage[page])} KB, ${verdict} the ${budget} KB budget.`);
}
if (process.argv.includes('--list')) {
  console.log('\nFiles:');
  for (const [file, bytes] of [...gzipSizes].sort((a, b) => b[1] - a[1])) {
    console.log(`${kb(bytes).padStart(7)} KB  ${file}`);
  }
}
