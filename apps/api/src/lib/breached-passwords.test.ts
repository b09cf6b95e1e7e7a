import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { isBreachedPassword, pwnedHash } from './breached-passwords.js';

/** Every positioned read of the corpus, counted through a wrapped `open`. */
const reads = vi.hoisted(() => ({ count: 0, bytes: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (...args) => {
    const handle = await actual.open(...args);
    const read = handle.read.bind(handle) as (...a: unknown[]) => ReturnType<typeof handle.read>;
    handle.read = ((buffer: Buffer, offset: number, length: number, position: number) => {
      reads.count += 1;
      reads.bytes += length;
      return read(buffer, offset, length, position);
    }) as typeof handle.read;
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'coop-pwned-'));
let files = 0;

/** A corpus in the Pwned Passwords format: the passwords' SHA-1 hashes, sorted, with counts. */
function corpus(passwords: string[], { eol = '\n', trailing = true } = {}): string {
  const lines = passwords
    .map((password) => pwnedHash(password))
    .sort()
    .map((hash, i) => `${hash}:${i + 1}`);
  const file = path.join(dir, `corpus-${files++}.txt`);
  writeFileSync(file, lines.join(eol) + (trailing ? eol : ''));
  return file;
}

/** `count` distinct random passwords. */
function spread(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Breached-${i}-${randomBytes(4).toString('hex')}`);
}

const sortedByHash = (passwords: string[]) =>
  [...passwords].sort((a, b) => (pwnedHash(a) < pwnedHash(b) ? -1 : 1));

describe('pwnedHash', () => {
  it('is the upper-case SHA-1 hex of the UTF-8 password, as Have I Been Pwned lists it', () => {
    expect(pwnedHash('password')).toBe('5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8');
    expect(pwnedHash('Ọlá!2026')).toBe(
      createHash('sha1').update(Buffer.from('Ọlá!2026', 'utf8')).digest('hex').toUpperCase(),
    );
  });
});

describe('isBreachedPassword', () => {
  // 302 passwords sorted by hash: the lowest and the highest stay out of the corpus, so one hash
  // falls before its first line and one after its last.
  const all = sortedByHash(spread(302));
  const below = all[0]!;
  const above = all[301]!;
  const listed = all.slice(1, 301);
  const first = listed[0]!;
  const last = listed[299]!;

  it.each([
    ['LF', { eol: '\n' }],
    ['CRLF', { eol: '\r\n' }],
    ['no final newline', { trailing: false }],
    ['CRLF without a final newline', { eol: '\r\n', trailing: false }],
  ])('finds every listed password and no other (%s)', async (_name, format) => {
    const file = corpus(listed, format);
    expect(await isBreachedPassword(file, first)).toBe(true);
    expect(await isBreachedPassword(file, last)).toBe(true);
    for (const password of listed) expect(await isBreachedPassword(file, password)).toBe(true);
    expect(await isBreachedPassword(file, below)).toBe(false);
    expect(await isBreachedPassword(file, above)).toBe(false);
    for (const password of spread(100))
      expect(await isBreachedPassword(file, password)).toBe(false);
    expect(await isBreachedPassword(file, 'Ukwa-Harvest!2031')).toBe(false);
  });

  it('finds the only line of a one-line corpus, and nothing in an empty one', async () => {
    const one = corpus(['Only-Line!1']);
    expect(await isBreachedPassword(one, 'Only-Line!1')).toBe(true);
    expect(await isBreachedPassword(one, 'Other-Line!1')).toBe(false);
    const empty = path.join(dir, 'empty.txt');
    writeFileSync(empty, '');
    expect(await isBreachedPassword(empty, 'Only-Line!1')).toBe(false);
  });

  it('reads the file in small positioned reads, never whole', async () => {
    // 20 000 lines (about 1 MB): a binary search needs a few dozen reads of 256 bytes at most.
    const many = spread(20_000);
    const file = corpus(many);
    reads.count = 0;
    reads.bytes = 0;
    expect(await isBreachedPassword(file, many[12_345]!)).toBe(true);
    expect(reads.count).toBeGreaterThan(0);
    expect(reads.count).toBeLessThan(80);
    expect(reads.bytes).toBeLessThan(80 * 256);
  });
});
