import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real built app: `e2e/servers.mjs` builds what is stale, seeds the
 * demo cooperative and a pool of test officers (each with their own two-factor secret) into an
 * empty database, and runs the API, which serves the web app, once per project on a copy. The
 * databases are on the PostgreSQL server of TEST_DATABASE_URL when it is set (CI), embedded
 * otherwise.
 *
 * Every journey runs once, on the desktop. At 390 px run only the all-pages pass (`@all-pages`:
 * every page and record kind, axe in both themes) and the tests whose subject is the phone
 * (`@mobile`): what the other tests prove does not depend on the width, and the page tests prove
 * each screen's layouts. Each viewport gets its own server and fresh database. Tests use
 * different members (most seed their own through the API), so any two may run side by side.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Workers load this file too: they reuse the runner's directory instead of making new ones.
process.env.COOP_E2E_DATA_ROOT ??= mkdtempSync(path.join(tmpdir(), 'coop-e2e-'));
const dataRoot = process.env.COOP_E2E_DATA_ROOT;

// A run that shows the browser (`--headed`, `--debug`, `--ui`, PWDEBUG) needs the whole browser:
// the runner decides, and its workers, which load this file too, inherit the answer.
process.env.COOP_E2E_HEADED ??= String(
  Boolean(process.env.PWDEBUG) ||
    process.argv.some((arg) => ['--headed', '--debug', '--ui'].includes(arg)),
);
/**
 * Debian's Chromium (Playwright's own browser download is never used), headless in its headless
 * shell (the `chromium-headless-shell` package, `.ci/run` installs it): the same Blink and V8
 * without the browser's window, tab strip and profile services, which the whole browser runs
 * even headless. It is the build Playwright itself runs headless tests in; on the same tests,
 * side by side, its processes other than the page renderers took about a third of the whole
 * browser's CPU (docs/ci-timings.md). Without it, or headed, the whole browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (process.env.COOP_E2E_HEADED === 'false' && existsSync(HEADLESS_SHELL)
      ? HEADLESS_SHELL
      : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// E2E_PORT_BASE moves both servers, so several checkouts can run their suites side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3210);
const PHONE_TESTS = /@mobile|@all-pages/;
const servers = [
  {
    name: 'mobile-390',
    port: portBase,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    grep: PHONE_TESTS,
  },
  {
    name: 'desktop-1280',
    port: portBase + 1,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    grepInvert: PHONE_TESTS,
  },
] as const;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retry, in CI either: a test that fails once is a failure to fix, not a flake to report.
  retries: 0,
  // Three workers on two cores: the journeys wait on their pages and the server much of their
  // time, and with two a third of the cores stayed idle. On an idle 2-core machine the step took
  // 206–231 s with three against 241–265 s with two (docs/ci-timings.md, "The fresh-clone runs
  // of the night"). The
  // timeouts only catch a hung test (speed is measured in bench/): the
  // machines' speed varies by up to 3× from one day to the next, so they are generous; a test
  // that needs longer asks for at most twice as long (`allowLonger` in support.ts), and a longer
  // journey is split into tests that each build their own state.
  workers: 3,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromium,
    // A trace records every action's DOM snapshot and screenshots, kept only if the test fails:
    // it cost a fifth of the browser tests' time (the all-pages pass, 2 workers, idle machine:
    // 209 s with it, 185 s without screenshots, 158–164 s without a trace; docs/ci-timings.md).
    // CI keeps only its log, never the trace files, so CI records none; a developer's run keeps
    // the trace of a failure to open with `npx playwright show-trace`.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The portal's service worker only in the tests of the installable, offline portal
    // (`offline.spec.ts` allows it): installed in every signed-in test's new context, it fetched
    // and stored the member half of the build each time, and is network-first online, so the
    // other journeys see the same answers without it (decision 181).
    serviceWorkers: 'block',
  },
  projects: servers.map(({ name, port, viewport, isMobile, ...filter }) => ({
    name,
    ...filter,
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      viewport,
      isMobile,
      hasTouch: isMobile,
    },
  })),
  // One command starts every project's server: it seeds the demo and the test officers once and
  // starts the servers side by side on copies (Playwright starts the servers of a list one after
  // the other, and seeding is most of a server's start: docs/ci-timings.md).
  webServer: {
    command: 'node apps/web/e2e/servers.mjs',
    cwd: repoRoot,
    wait: { stdout: /^e2e servers ready$/m },
    env: {
      // What a developer's shell often has: the web build must still be a production build.
      NODE_ENV: 'development',
      COOP_E2E_DATA_ROOT: dataRoot,
      E2E_SERVERS: JSON.stringify(servers.map(({ name, port }) => ({ name, port }))),
      LOG_LEVEL: 'warn',
      // The tests read e-mailed links from /api/dev/outbox, which is off unless asked for.
      DEV_TOOLS: '1',
    },
    reuseExistingServer: false,
    // Asked to stop, it stops the servers and drops their PostgreSQL databases, if any.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // The budget the two servers had when each started apart (5 minutes each): seeding from
    // nothing and starting both took 4.5 minutes at load 20 on two cores (docs/ci-timings.md).
    timeout: 600_000,
    // Its own lines (how long building, seeding and starting took); not the servers' banners.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
