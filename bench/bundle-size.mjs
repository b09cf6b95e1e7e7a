// `npm run bench:size`: builds what is stale, starts the real server on the embedded database
// with the demo cooperative, and has Chromium load each page the way a member's first visit
// does: an empty cache, signed in where the page needs it (a demo member's session, as the
// sign-in form leaves it). It sums the JavaScript and CSS responses the browser really fetched
// until the network went quiet, gzipped at level 9, so lazy chunks, prefetches and whatever the
// page pulls in after its first paint all count. `--no-build` measures the existing build;
// `--list` prints every file of every page. BENCH_PORT moves the server (default 3291).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from '../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3291);
const base = `http://127.0.0.1:${port}`;
const MEMBER = process.env.BENCH_MEMBER ?? 'ada@demo.coop';
const PASSWORD = 'Demo!2345';

/**
 * Budgets for the JavaScript of a page's first load, gzipped (the performance issue, decision 146;
 * the list-kit issue).
 */
const JS_BUDGETS_KB = { '/auth/login': 100, '/dashboard': 170, '/loans': 190 };

/**
 * The pages measured: signed out or as the demo member. '+ focus' also focuses the sign-in form,
 * which fetches the form's code, its validation and API client while the member types.
 */
const PAGES = [
  { name: '/auth/login', path: '/auth/login', signedIn: false },
  { name: '/auth/login + focus', path: '/auth/login', signedIn: false, focus: true },
  { name: '/dashboard', path: '/dashboard', signedIn: true },
  { name: '/contributions', path: '/contributions', signedIn: true },
  { name: '/loans', path: '/loans', signedIn: true },
];

if (!process.argv.includes('--no-build')) build();

const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    // The demo cooperative is never seeded in production; the web build is a production build
    // whatever this says (scripts/build.mjs).
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-bench-size-')),
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  const deadline = Date.now() + 360_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer on ${base} within six minutes`);
}

const browser = await (async () => {
  try {
    await waitForServer();
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return chromium.launch({
    // Debian's Chromium, as the end-to-end tests use; never a downloaded browser.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
})();

const viewport = { width: 390, height: 844 };

/** A demo member's session as the sign-in form leaves it (cookie and local storage). */
async function memberSession() {
  const context = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email, phone number or membership ID').fill(MEMBER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 120_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Loads one page in a fresh context (empty cache) and answers the files it fetched. */
async function measure(pageSpec, session) {
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    ...(pageSpec.signedIn ? { storageState: session } : {}),
  });
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== base || !/\.(m?js|css)$/.test(url.pathname)) return;
    const file = url.pathname.slice(1);
    // A response that ends after the page is closed (a prefetch still under way when the
    // network went quiet) has no body to read; it is named, not counted.
    bodies.push(
      response.body().then(
        (body) => ({ file, body }),
        () => ({ file, body: null }),
      ),
    );
  });
  await page.goto(pageSpec.path, { waitUntil: 'networkidle' });
  // On a loaded machine the network can go quiet while the entry is still being run, before the
  // page's own chunks are asked for: wait for the page itself (the app started on the sign-in
  // page, waiting for the form's first use, decision 146; or a signed-in page's title with no
  // spinner left: its widgets and data are in), then for the network again.
  // The function runs in the page, where `document` is the page's.
  /* global document */
  await page.waitForFunction(
    (signedIn) =>
      signedIn
        ? document.querySelector('h1') !== null &&
          document.getElementById('sign-in') === null &&
          document.querySelector('[role="status"] .animate-spin') === null
        : ['data-waiting', 'data-ready'].some(
            (attribute) => document.getElementById('sign-in')?.hasAttribute(attribute) === true,
          ),
    pageSpec.signedIn,
    { timeout: 120_000 },
  );
  await page.waitForLoadState('networkidle');
  if (pageSpec.signedIn && !page.url().endsWith(pageSpec.path)) {
    throw new Error(`${pageSpec.path} ended at ${page.url()}: the session did not hold`);
  }
  if (pageSpec.focus) {
    await page.getByLabel('Email, phone number or membership ID').focus();
    // The form's code arrives and React takes the form over.
    await page.waitForFunction(
      () => document.getElementById('sign-in')?.hasAttribute('data-ready') === true,
      undefined,
      { timeout: 120_000 },
    );
    await page.waitForLoadState('networkidle');
    // Chunks asked for on focus: give the last of them a moment past network idle.
    await page.waitForTimeout(500);
  }
  const files = new Map();
  for (const { file, body } of await Promise.all(bodies)) {
    if (body === null) console.warn(`${pageSpec.path}: ${file} had no body to read`);
    else files.set(file, gzipSync(body, { level: 9 }).length);
  }
  await context.close();
  return files;
}

const results = [];
try {
  const session = await memberSession();
  for (const pageSpec of PAGES)
    results.push({ ...pageSpec, files: await measure(pageSpec, session) });
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

const cpus = os.cpus();
console.log(
  `First load in Chromium ${browser.version()} at ${viewport.width} px, empty cache, gzipped ` +
    `(level 9): ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}\n`,
);
console.log('page                  JS KB   CSS KB   files');
const jsByPage = {};
for (const { name, files } of results) {
  let js = 0;
  let css = 0;
  for (const [file, bytes] of files) {
    if (file.endsWith('.css')) css += bytes;
    else js += bytes;
  }
  jsByPage[name] = js;
  console.log(
    `${name.padEnd(21)} ${kb(js).padStart(6)}  ${kb(css).padStart(7)}   ${String(files.size).padStart(5)}`,
  );
}

console.log('');
let over = false;
for (const [name, budget] of Object.entries(JS_BUDGETS_KB)) {
  const within = jsByPage[name] / 1024 <= budget;
  over ||= !within;
  console.log(
    `${name} JavaScript: ${kb(jsByPage[name])} KB, ${within ? 'within' : 'OVER'} the ${budget} KB budget.`,
  );
}
if (process.argv.includes('--list')) {
  for (const { name, files } of results) {
    console.log(`\n${name}:`);
    for (const [file, bytes] of [...files].sort((a, b) => b[1] - a[1])) {
      console.log(`${kb(bytes).padStart(7)} KB  ${file}`);
    }
  }
}
process.exitCode = over ? 1 : 0;
