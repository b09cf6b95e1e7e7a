import { InvalidSettingsError } from '../config/env.js';
import { DatabaseConnectionError } from '../db/connection-error.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';

/** Where the process was trying to listen and which database it was opening, for the message. */
export interface StartupTarget {
  port: number;
  host: string;
  databaseUrl: string | undefined;
}

function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** host:port/database of a PostgreSQL URL, without the user or password. */
function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'in DATABASE_URL';
  }
}

/**
 * One line saying why the process could not start and what to do about it. Undefined for an
 * error nobody foresaw: the caller then prints its details as well.
 */
export function explainStartupFailure(err: unknown, target?: StartupTarget): string | undefined {
  if (err instanceof InvalidSettingsError) {
    const problems = err.issues.map((issue) => `${issue.name}: ${issue.problem}`).join('; ');
    return `Invalid settings (${problems}). Correct these environment variables and start again.`;
  }
  if (err instanceof DataDirInUseError) {
    return (
      `${err.message}. Stop that process first, or set DATA_DIR to another directory; ` +
      `if no process uses it, delete the lock file.`
    );
  }
  if (!target) return undefined;
  const codes = errorCodes(err);
  const where = `port ${target.port} on ${target.host}`;
  if (codes.includes('EADDRINUSE')) {
    return `The ${where} is already in use by another program. Stop it, or set PORT to a free port.`;
  }
  if (codes.includes('EACCES') && (err as { syscall?: string }).syscall === 'listen') {
    return `Not allowed to listen on the ${where}. Set PORT to 1024 or above.`;
  }
  if (codes.includes('EADDRNOTAVAIL')) {
    return `HOST ${target.host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0.`;
  }
  if (!target.databaseUrl) return undefined;
  const server = describeServer(target.databaseUrl);
  if (codes.some((code) => code === '28P01' || code === '28000')) {
    return `The PostgreSQL server ${server} refused the user or password in DATABASE_URL. Correct DATABASE_URL and start again.`;
  }
  if (codes.includes('3D000')) {
    return `The database in DATABASE_URL does not exist on ${server}. Create it, or correct DATABASE_URL.`;
  }
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'];
  // A connect timeout or a dropped connection (db/connection-error.ts).
  const dropped = err instanceof DatabaseConnectionError;
  if (codes.some((code) => unreachable.includes(code) || code.startsWith('08')) || dropped) {
    return `The PostgreSQL server ${server} (DATABASE_URL) cannot be reached. Check that it is running and that DATABASE_URL is right, then start again.`;
  }
  if (codes.includes('55P03')) {
    // Migrations wait a minute for another instance's migration; the demo seed waits the lock timeout.
    return `Start-up waited too long for a lock on ${server} held by another instance (migrating it, or creating the demo data). Check that instance, then start again.`;
  }
  return undefined;
}
