// `npm run bench:lighthouse`: Lighthouse's mobile audit (its defaults: a Moto G-class phone,
// simulated Slow 4G, 4× CPU slowdown) of /auth/login on the production build, several times, with
// the median of each figure and the machine's load average (Lighthouse's figures move with the
// CPU the machine has left). It builds what is stale and starts the real server with
// NODE_ENV=production on an empty embedded database. BENCH_RUNS (default 5) sets the number of
// runs, BENCH_PORT the server's port (default 3292), CHROME_PATH the browser
// (default /usr/bin/chromium); `--no-build` measures the existing build; `--path=/x` another page.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from '../scripts/build.mjs';
import { startProductionServer } from './production-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3292);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pagePath = process.argv.find((arg) => arg.startsWith('--path='))?.slice(7) ?? '/auth/login';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const url = `http://127.0.0.1:${port}${pagePath}`;

if (!process.argv.includes('--no-build')) build();

const server = await startProductionServer(port);

// The benchmarks' own install (bench/package.json, `npm run bench:tools`), not the project's.
const lighthouseBin = path.join(root, 'bench/node_modules/.bin/lighthouse');

/** One Lighthouse run: the performance score and the metrics, in milliseconds. */
async function audit() {
  const { stdout } = await promisify(execFile)(
    lighthouseBin,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--no-sandbox --disable-gpu --headless',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  const metric = (id) => report.audits[id].numericValue;
  return {
    lighthouse: report.lighthouseVersion,
    score: Math.round(report.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
  };
}

/**
 * A run Lighthouse itself gives up on (NO_NAVSTART and the like, seen on a loaded machine) is
 * run again, twice at most; its failure is printed, not counted.
 */
async function auditWithRetries() {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit();
    } catch (error) {
      if (attempt === 3) throw error;
      const reason = /Runtime error encountered: (.*)/.exec(String(error.stderr ?? ''))?.[1];
      console.log(
        `   (Lighthouse failed: ${reason ?? error.message.split('\n')[0]}; running again)`,
      );
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (label, r) =>
  `${label.padEnd(8)} ${String(r.score).padStart(5)}  ${seconds(r.fcp).padStart(7)}  ` +
  `${seconds(r.lcp).padStart(7)}  ${`${Math.round(r.tbt)} ms`.padStart(7)}  ` +
  `${r.cls.toFixed(3).padStart(5)}  ${seconds(r.si).padStart(7)}`;

const results = [];
const loads = [];
try {
  const cpus = os.cpus();
  console.log(
    `Lighthouse mobile of ${pagePath} (production build), ${runs} runs: ` +
      `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}\n`,
  );
  console.log('run      score      FCP      LCP      TBT    CLS       SI   load (1 min)');
  for (let run = 1; run <= runs; run += 1) {
    const load = os.loadavg()[0];
    const result = await auditWithRetries();
    results.push(result);
    loads.push(load);
    console.log(`${row(`#${run}`, result)}   ${load.toFixed(2)}`);
  }
} finally {
  server.kill('SIGTERM');
}

const medians = Object.fromEntries(
  ['score', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((key) => [
    key,
    median(results.map((r) => r[key])),
  ]),
);
console.log(`${row('median', medians)}   ${median(loads).toFixed(2)}`);
console.log(`\nLighthouse ${results[0]?.lighthouse}, Chromium at ${chromePath}.`);
