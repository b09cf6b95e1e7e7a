import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Another live process has the embedded database open (pid unknown: its lock file is unreadable). */
export class DataDirInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The embedded database is in use by ${pid ? `process ${pid}` : 'another process'} ` +
        `(lock file ${lockFile})`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  // Our own id in the file was written by an earlier process that had it (a container restart).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per embedded database. PGlite takes no lock of its own: a second process opening
 * the same directory (a second `npm start`, the admin CLI during a run) treats the files in use
 * as a crashed database and "recovers" them under the first. The lock is a file beside the
 * database holding the owner's process id; one left by a process that is gone is taken over.
 * Returns the release function.
 */
export function lockDataDir(databaseDir: string): () => void {
  const file = `${databaseDir}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (readOwner(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner === null) continue; // released meanwhile: try again
      // No readable id: another process is writing it this instant, or something else wrote the
      // file. Either way it is not ours to remove.
      if (owner === undefined) throw new DataDirInUseError(file, undefined);
      if (isRunning(owner)) throw new DataDirInUseError(file, owner);
      // Left behind by a process that ended without releasing it (killed): take it over.
      rmSync(file, { force: true });
    }
  }
}

/** The process id in the lock file; null when the file is gone, undefined when it holds none. */
function readOwner(file: string): number | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const pid = Number(text);
  return /^\d+$/.test(text) && pid > 0 ? pid : undefined;
}
