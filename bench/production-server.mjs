// The real server as production runs it, on an empty embedded database, for the benchmarks that
// open pages in a browser (bench/lighthouse.mjs, bench/installability.mjs): answers once
// /api/health does; the caller kills it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startProductionServer(port) {
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-bench-')),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAIL: 'log',
      COOPERATIVE_NAME: 'Bench Cooperative',
      COOPERATIVE_ADDRESS: '1 Bench Road, Ikeja, Lagos',
      ADMIN_CONTACT_EMAIL: 'admin@bench.coop',
      ADMIN_CONTACT_PHONE: '+2348000000000',
      COOPERATIVE_BANK_NAME: 'Bench Bank',
      COOPERATIVE_BANK_ACCOUNT_NAME: 'Bench Cooperative',
      COOPERATIVE_BANK_ACCOUNT_NUMBER: '0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not answer on port ${port} within three minutes`);
}
