/**
 * Start-up failures an operator meets: the port is taken, a setting is wrong, the database server
 * cannot be reached, the embedded database is in use. Each must end the process within seconds
 * with one line on stderr saying what to do, without opening (or leaving open) the database.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOPERATIVE_ENV } from './test/app.js';
import { startServer, type Exit, type ServerProcess } from './test/server-process.js';

/** The server starting on a loaded two-core machine, then failing. */
const FAIL_WITHIN_MS = 20_000;

describe('a server that cannot start', () => {
  let dataDir: string;
  const started: ServerProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coop-startup-'));
  });
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function run(
    env: Record<string, string>,
  ): Promise<{ exit: Exit; stderr: string[]; openedDatabase: boolean }> {
    const began = Date.now();
    const server = startServer({
      NODE_ENV: 'production',
      MAIL: 'log',
      ...COOPERATIVE_ENV,
      DATA_DIR: dataDir,
      ...env,
    });
    started.push(server);
    const exit = await server.exited;
    expect(Date.now() - began).toBeLessThan(FAIL_WITHIN_MS);
    return {
      exit,
      stderr: server.stderr().trim().split('\n'),
      openedDatabase: server.logs.some((line) => line.msg === 'opening the database'),
    };
  }

  it('names the port that is taken', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const { exit, stderr, openedDatabase } = await run({ PORT: String(port) });
      expect(exit.code).toBe(1);
      expect(openedDatabase).toBe(false);
      expect(stderr).toEqual([
        `Coop Portal could not start: The port ${port} on 127.0.0.1 is already in use by another program. Stop it, or set PORT to a free port.`,
      ]);
      // Stopped before the embedded database was created.
      expect(readdirSync(dataDir)).not.toContain('pgdata');
    } finally {
      holder.close();
    }
  }, 60_000);

  it('names every wrong setting', async () => {
    const { exit, stderr } = await run({ SHUTDOWN_TIMEOUT_MS: 'soon', PORT: '70000' });
    expect(exit.code).toBe(1);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^Coop Portal could not start: Invalid settings \(.*PORT: .*\)/);
    expect(stderr[0]).toContain('SHUTDOWN_TIMEOUT_MS: ');
    expect(stderr[0]).toContain('Correct these environment variables and start again.');
  }, 60_000);

  it('says when the PostgreSQL server cannot be reached', async () => {
    // A port nothing listens on: taken and released at once.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { exit, stderr } = await run({
      PORT: '0',
      DATABASE_URL: `postgres://coop:secret@127.0.0.1:${port}/coop`,
      JWT_SECRET: 'startup-test-secret-long-enough-for-signing',
      TWO_FACTOR_KEY: 'k'.repeat(43) + '=',
    });
    expect(exit.code).toBe(1);
    expect(stderr).toEqual([
      `Coop Portal could not start: The PostgreSQL server 127.0.0.1:${port}/coop (DATABASE_URL) cannot be reached. Check that it is running and that DATABASE_URL is right, then start again.`,
    ]);
    // The password never reaches the output.
    expect(stderr.join('\n')).not.toContain('secret');
  }, 60_000);

  it('refuses an embedded database another process has open', async () => {
    // This test process stands in for the portal already running on DATA_DIR.
    const lockFile = path.join(dataDir, 'pgdata.lock');
    writeFileSync(lockFile, String(process.pid));
    try {
      const { exit, stderr } = await run({ PORT: '0' });
      expect(exit.code).toBe(1);
      expect(stderr).toEqual([
        `Coop Portal could not start: The embedded database is in use by process ${process.pid} (lock file ${lockFile}). Stop that process first, or set DATA_DIR to another directory; if no process uses it, delete the lock file.`,
      ]);
      // Its lock is left alone.
      expect(existsSync(lockFile)).toBe(true);
    } finally {
      rmSync(lockFile, { force: true });
    }
  }, 60_000);
});
