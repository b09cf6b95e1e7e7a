/**
 * docs/security.md maps each ASVS 5.0 level 2 requirement to the test that proves it. This keeps
 * the map honest: every test file it names exists, every test title it quotes is in that file,
 * and every level 1 and 2 requirement of the chapters it tabulates has its row.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const map = readFileSync(path.join(root, 'docs/security.md'), 'utf8');

/** `file` › "words" › "more words": a file and the title fragments named after it. */
function references(): { file: string; titles: string[] }[] {
  const found: { file: string; titles: string[] }[] = [];
  const pattern = /`([\w./-]+\.(?:test|spec)\.tsx?)`((?:\s*›\s*"[^"]+")*)/g;
  for (const match of map.matchAll(pattern)) {
    const [, name, tail = ''] = match;
    const file = name!.startsWith('apps/')
      ? path.join(root, name!)
      : path.join(root, 'apps/api/src', name!);
    const titles = [...tail.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/\s+/g, ' '));
    found.push({ file, titles });
  }
  return found;
}

describe('docs/security.md', () => {
  it('names only test files that exist, and titles that are in them', () => {
    const refs = references();
    expect(refs.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const { file, titles } of refs) {
      if (!existsSync(file)) {
        missing.push(path.relative(root, file));
        continue;
      }
      const text = readFileSync(file, 'utf8');
      for (const title of titles) {
        if (!text.includes(title)) missing.push(`${path.relative(root, file)} › "${title}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a row for every requirement it tabulates, each with its level and an answer', () => {
    const rows = [...map.matchAll(/^\| (V\d+\.\d+\.\d+)\s*\| ([12])\s*\|[^|]+\|(.+)\|$/gm)];
    expect(rows.length).toBeGreaterThan(150);
    const ids = rows.map((row) => row[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, id, , answer] of rows) {
      expect(answer!.trim(), id).toMatch(/`|Not applicable|No test|Gap|Deviation/);
    }
  });
});
