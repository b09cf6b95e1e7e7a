import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes every file under `dir` 0600 and every directory 0700. The embedded database (PGlite)
 * creates its files 0666 whatever the umask; the 0700 data directory already keeps others out,
 * and this keeps each file owner-only too, so a copy made without `-p` or a looser parent
 * directory does not expose them. Run when the database opens and when it closes.
 */
export function makeOwnerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) makeOwnerOnly(child);
    else if (entry.isFile()) chmodSync(child, 0o600);
  }
}
