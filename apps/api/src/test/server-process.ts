import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** What `npm start` runs: the build that `build-server.ts` brings up to date before these tests. */
const SERVER_BUILD = path.join(REPOSITORY_ROOT, 'apps/api/dist/server.js');

/** A line the server logged: its pino JSON, or `{ msg: text }` for anything else it printed. */
export interface LogLine {
  msg: string;
  level?: number;
  [field: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the first signal the test sent to the exit. */
  afterSignalMs: number | undefined;
}

export interface ServerProcess {
  child: ChildProcess;
  logs: LogLine[];
  stderr: () => string;
  /** Resolves with the first line (already logged or to come) that matches; rejects on exit. */
  waitForLog(match: (line: LogLine) => boolean, what: string, timeoutMs?: number): Promise<LogLine>;
  /** The port it listens on, once ready. */
  ready(timeoutMs?: number): Promise<number>;
  signal(signal: NodeJS.Signals): void;
  exited: Promise<Exit>;
}

/**
 * Runs the real server as `npm start` does (its build, `dist/server.js`) with exactly `env`
 * (plus PATH and HOME), on a free port unless PORT is given, logging JSON at info level.
 */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [SERVER_BUILD], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // Tests read pino's JSON lines; a test of the readable log sets LOG_FORMAT itself.
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const listeners = new Set<(line: LogLine) => void>();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { msg: text };
    }
    logs.push(line);
    for (const listener of listeners) listener(line);
  });

  let signalledAt: number | undefined;
  const exited = new Promise<Exit>((resolve) => {
    let afterSignalMs: number | undefined;
    child.once('exit', () => {
      afterSignalMs = signalledAt === undefined ? undefined : Date.now() - signalledAt;
    });
    // 'close' comes once the output pipes have ended too, so every line the server wrote is in
    // `logs` by then. 'exit' can come first, with the last lines still in the pipe: a test then
    // missed the server's last log line ("stopped during start-up") on a loaded machine.
    child.once('close', (code, signal) => resolve({ code, signal, afterSignalMs }));
  });

  function waitForLog(match: (line: LogLine) => boolean, what: string, timeoutMs = 60_000) {
    const found = logs.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        listeners.delete(listener);
      };
      const listener = (line: LogLine) => {
        if (!match(line)) return;
        done();
        resolve(line);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no log line "${what}" within ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      listeners.add(listener);
      void exited.then(() => {
        if (!listeners.has(listener)) return;
        done();
        reject(new Error(`server exited before logging "${what}"; stderr: ${stderr}`));
      });
    });
  }

  return {
    child,
    logs,
    stderr: () => stderr,
    waitForLog,
    async ready(timeoutMs) {
      const line = await waitForLog(
        (l) => l.msg.startsWith('Coop Portal ready'),
        'Coop Portal ready',
        timeoutMs,
      );
      return line.port as number;
    },
    signal(signal) {
      signalledAt ??= Date.now();
      child.kill(signal);
    },
    exited,
  };
}
