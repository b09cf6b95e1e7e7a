import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logCapture } from '../security/log-capture.js';
import { createTestApp } from '../test/app.js';
import { demoSignInLines } from '../demo/demo-people.js';
import { startupBlock } from '../server.mode.js';
import { loadConfig } from './env.js';
import { loggerOptions } from './logger.js';
import { readableLine, readableLogStream } from './readable-log.js';

/**
 * The development log (docs/operations.md "Logs"): readable lines of time, level and message,
 * one line per request, and a start-up block with the address, the demo sign-ins and where
 * e-mails go. Production keeps pino's JSON lines.
 */

const TIME = /^\d{2}:\d{2}:\d{2} /;

function configFor(env: Record<string, string>) {
  return loadConfig(
    { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-log-')), ...env },
    os.tmpdir(),
  );
}

describe('the readable log', () => {
  it('writes time, level and message, then the other fields, never an epoch or a pid', () => {
    const lines: string[] = [];
    const logger = pino(
      loggerOptions('info'),
      readableLogStream({ write: (text: string) => lines.push(text) }),
    );
    logger.info({ port: 3000 }, 'Coop Portal ready at http://localhost:3000');
    logger.warn('second stop signal: exiting at once');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(TIME);
    expect(lines[0]?.slice(9)).toBe(
      'INFO  Coop Portal ready at http://localhost:3000  port=3000\n',
    );
    expect(lines[1]?.slice(9)).toBe('WARN  second stop signal: exiting at once\n');
    expect(lines.join('')).not.toMatch(/pid|hostname|"time"|\d{13}/);
  });

  it('prints an error with its stack under the line', () => {
    const line = readableLine({
      level: 50,
      time: Date.now(),
      msg: 'job failed',
      err: { message: 'boom', stack: 'Error: boom\n    at run (jobs.ts:1:1)' },
    });
    expect(line?.split('\n')).toEqual([
      expect.stringMatching(/^\d{2}:\d{2}:\d{2} ERROR job failed$/),
      'Error: boom',
      '    at run (jobs.ts:1:1)',
    ]);
  });

  it('leaves out Fastify’s own listening address: the start-up block names the one to open', () => {
    expect(readableLine({ level: 30, msg: 'Server listening at http://127.0.0.1:3000' })).toBe(
      null,
    );
  });

  it('logs one line per request in development, two JSON lines elsewhere', async () => {
    const readable = logCapture();
    const dev = await createTestApp({
      env: { NODE_ENV: 'development', LOG_FORMAT: 'readable', LOG_LEVEL: 'info' },
      logStream: readable.stream,
    });
    const json = logCapture();
    const test = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: json.stream });
    try {
      expect((await dev.app.inject('/api/health?x=secret')).statusCode).toBe(200);
      expect((await test.app.inject('/api/health')).statusCode).toBe(200);
      const lines = readable
        .text()
        .split('\n')
        .filter((line) => line.includes('/api/health'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}GET \/api\/health 200 \d+ ms/);
      expect(readable.text()).not.toContain('secret');
      const records = json
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string });
      expect(records.map((record) => record.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    } finally {
      await dev.close();
      await test.close();
    }
  });
});

describe('the start-up block', () => {
  it('names the address, the demo sign-ins with the two-factor command, and where e-mails go', () => {
    const block = startupBlock(configFor({ NODE_ENV: 'development' }), {
      database: 'embedded database in ./data',
      demoSignIns: demoSignInLines(),
    });
    const lines = block.split('\n');
    expect(lines[0]).toMatch(/^─+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(block).toContain(
      'Coop Portal is ready: open http://localhost:3000  (embedded database in ./data)',
    );
    expect(block).toContain('Demo sign-ins, every one with the password Demo!2345:');
    expect(block).toContain('members   ada@demo.coop, bayo@demo.coop, chidi@demo.coop');
    for (const officer of [
      'admin@demo.coop (president)',
      'treasurer@demo.coop (treasurer)',
      'auditor@demo.coop (auditor)',
      'secretary@demo.coop (secretary)',
    ]) {
      expect(block).toContain(officer);
    }
    expect(block).toContain('npm run admin -- demo-code');
    expect(block).toContain('E-mails are not sent');
    expect(block).toContain('start with DEV_TOOLS=1 and open http://localhost:3000/api/dev/outbox');
    // One address for the one server.
    expect(
      block.match(/https?:\/\/[^\s/]+/g)?.every((url) => url === 'http://localhost:3000'),
    ).toBe(true);
  });

  it('leaves the demo out when the database does not hold it, and says where e-mails go', () => {
    const withOutbox = startupBlock(configFor({ NODE_ENV: 'development', DEV_TOOLS: '1' }), {
      database: 'PostgreSQL',
      demoSignIns: [],
    });
    expect(withOutbox).not.toContain('Demo sign-ins');
    expect(withOutbox).toContain(
      'E-mails are not sent: read them, links included, at http://localhost:3000/api/dev/outbox',
    );
    const smtp = startupBlock(
      configFor({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.test:25' }),
      { database: 'PostgreSQL', demoSignIns: [] },
    );
    expect(smtp).toContain('E-mails are sent through SMTP_URL.');
  });

  it('is development’s: elsewhere the log stays JSON', () => {
    expect(configFor({ NODE_ENV: 'development' }).logFormat).toBe('readable');
    expect(configFor({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(configFor({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });
});
