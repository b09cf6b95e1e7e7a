// `npm run bench:installability`: the checks Lighthouse made of an installable web app before
// version 12 dropped its PWA category (Lighthouse 12.8 is the one for Node 20, decision 088), made
// the way Lighthouse made them: Chromium's own verdict (`Page.getInstallabilityErrors`, what the
// `installable-manifest` audit read), and the manifest's fields the `splash-screen`,
// `themed-omnibox` and `maskable-icon` audits asked for. It builds what is stale, starts the real
// server with NODE_ENV=production (bench/lighthouse.mjs's settings) and opens `--path=/x`
// (default /auth/login, the page a new member opens first) in Chromium (CHROME_PATH).
// docs/decisions/166-service-worker-and-offline.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { build } from '../scripts/build.mjs';
import { startProductionServer } from './production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3293);
const pagePath = process.argv.find((arg) => arg.startsWith('--path='))?.slice(7) ?? '/auth/login';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) build();
const server = await startProductionServer(port);
// A profile on disk, as a member's browser has: Chromium installs nothing from an incognito one.
const profile = mkdtempSync(path.join(os.tmpdir(), 'coop-bench-profile-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  viewport: { width: 412, height: 823 },
});
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${what}`);
  if (!ok) failures.push(what);
};
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}${pagePath}`);
  const cdp = await page.context().newCDPSession(page);
  const { url, errors: parseErrors, data } = await cdp.send('Page.getAppManifest');
  check(Boolean(url) && parseErrors.length === 0, `the page links a manifest that parses (${url})`);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  check(
    installabilityErrors.length === 0,
    `Chromium finds it installable${installabilityErrors.length ? `: ${installabilityErrors.map((e) => e.errorId).join(', ')}` : ''}`,
  );
  const manifest = JSON.parse(data ?? '{}');
  const icons = manifest.icons ?? [];
  const has = (size, purpose) =>
    icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').includes(purpose));
  check(Boolean(manifest.name && manifest.short_name), 'a name and a short name');
  check(manifest.display === 'standalone', 'display: standalone');
  check(manifest.start_url === '/dashboard', 'start_url: the dashboard');
  check(has('192x192', 'any') && has('512x512', 'any'), 'icons of 192 and 512 px (splash screen)');
  check(has('512x512', 'maskable'), 'a maskable icon (maskable-icon)');
  check(Boolean(manifest.background_color && manifest.theme_color), 'background and theme colours');
  const themeColours = await page.$$eval('meta[name="theme-color"]', (metas) =>
    metas.map((meta) => meta.getAttribute('media') ?? ''),
  );
  check(
    themeColours.some((media) => media.includes('light')) &&
      themeColours.some((media) => media.includes('dark')),
    'a theme colour for the address bar in both themes (themed-omnibox)',
  );
  for (const icon of icons) {
    const answer = await page.request.get(`http://127.0.0.1:${port}${icon.src}`);
    check(answer.headers()['content-type'] === 'image/png', `${icon.src} is served as a PNG`);
  }
  const worker = await page.request.get(`http://127.0.0.1:${port}/sw.js`);
  check(
    worker.ok() && worker.headers()['cache-control'] === 'no-cache',
    '/sw.js is served, never kept by the HTTP cache',
  );
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
  server.kill('SIGTERM');
}
console.log(
  failures.length === 0
    ? `\nInstallable: every check passed (Chromium at ${chromePath}, ${pagePath}).`
    : `\n${failures.length} check(s) failed.`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
