import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * An offline breach corpus (decision 081): Have I Been Pwned's "Pwned Passwords" file in its SHA-1
 * form, one `HASH:COUNT` line per password (40 uppercase hex digits), sorted by hash, LF or CRLF.
 * The full file is tens of gigabytes, so it is never loaded: each look-up is a binary search with
 * positioned reads, about 35 small reads for a billion lines.
 */

/** The upper-case SHA-1 hex of the password's UTF-8 bytes, as the corpus lists it. */
export function pwnedHash(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

const NEWLINE = 0x0a;
/** A corpus line is about 50 bytes: one read almost always holds the rest of a line and the next. */
const CHUNK_BYTES = 256;

/**
 * Reads from `position` up to and including the next newline (or to the end of the file).
 * Returns the bytes before the newline and the position just after it.
 */
async function readLine(
  file: FileHandle,
  position: number,
  size: number,
): Promise<{ line: string; end: number }> {
  const pieces: Buffer[] = [];
  let at = position;
  while (at < size) {
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, size - at));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
    if (bytesRead === 0) break;
    const newline = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    if (newline !== -1) {
      pieces.push(buffer.subarray(0, newline));
      return { line: Buffer.concat(pieces).toString('latin1'), end: at + newline + 1 };
    }
    pieces.push(buffer.subarray(0, bytesRead));
    at += bytesRead;
  }
  return { line: Buffer.concat(pieces).toString('latin1'), end: size };
}

/** The hash a line starts with (before ':'), upper-cased, without a CRLF's '\r'. */
function hashOf(line: string): string {
  const colon = line.indexOf(':');
  return (colon === -1 ? line.replace(/\r$/, '') : line.slice(0, colon)).toUpperCase();
}

/** True when the SHA-1 of `password` is a line of the sorted corpus at `path`. */
export async function isBreachedPassword(path: string, password: string): Promise<boolean> {
  const wanted = pwnedHash(password);
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // Every line that may still be the one starts in [low, high); `low` is always a line start.
    let low = 0;
    let high = size;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      // The first line starting at or after `middle`: the one after the newline at middle - 1 or later.
      const start = middle === 0 ? 0 : (await readLine(file, middle - 1, size)).end;
      if (start >= high) {
        high = middle;
        continue;
      }
      const { line, end } = await readLine(file, start, size);
      const hash = hashOf(line);
      if (hash === wanted) return true;
      if (hash < wanted) low = end;
      else high = middle;
    }
    return false;
  } finally {
    await file.close();
  }
}
