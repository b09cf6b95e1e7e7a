import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, requirePostgres } from './test/database.js';
import { startServer, type ServerProcess } from './test/server-process.js';

/** Process start-up on a loaded two-core machine. */
const START_MS = 90_000;

const serverUrl = requirePostgres('readable start-up log');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * What a developer sees (decision 091): readable lines, not JSON; one address; the closing block;
 * one line per request.
 */
describe.skipIf(!serverUrl)('the development start-up log (a real process)', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? '');
    port = await freePort();
    server = startServer({
      NODE_ENV: 'development',
      LOG_FORMAT: 'readable',
      PORT: String(port),
      JWT_SECRET: 'readable-log-test-secret-long-enough-for-signing',
      TWO_FACTOR_KEY: 'k'.repeat(43) + '=',
      DATABASE_URL: database.url,
    });
    await server.waitForLog((line) => line.msg === 'Stop with Ctrl+C.', 'the block', START_MS);
  }, START_MS + 10_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
    await database.drop();
  });

  it('prints readable lines, one address, and ends with the block', () => {
    const lines = server.logs.map((line) => line.msg);
    // No JSON line: each one the harness could not parse became { msg: text }.
    expect(server.logs.every((line) => Object.keys(line).length === 1)).toBe(true);
    expect(lines[0]).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}opening the database$/);
    expect(lines.join('\n')).not.toContain('Server listening');
    expect(lines.join('\n')).not.toMatch(/127\.0\.0\.1:\d+/);
    const block = lines.slice(lines.findIndex((line) => /^─+$/.test(line)));
    expect(block[1]).toBe(`Coop Portal is ready: open http://localhost:${port}  (PostgreSQL)`);
    // No demo on PostgreSQL without DEMO=1.
    expect(block.join('\n')).not.toContain('Demo sign-ins');
    expect(block).toContain('Stop with Ctrl+C.');
  });

  it('logs one line per request', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await server.waitForLog((line) => line.msg.includes('GET /api/health'), 'the request line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const requestLines = server.logs.filter((line) => line.msg.includes('/api/health'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]?.msg).toMatch(
      /^\d{2}:\d{2}:\d{2} INFO {2}GET \/api\/health 200 \d+ ms$/,
    );
  });
});
