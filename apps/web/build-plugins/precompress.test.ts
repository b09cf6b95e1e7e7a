// @vitest-environment node
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes .br and .gz beside every text asset, with the same content', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => i))};\n`;
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets/index-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>portal</p>'.repeat(50)}`);

    await precompressDirectory(dir);

    const source = await readFile(path.join(dir, 'assets/index-abc.js'));
    expect(brotliDecompressSync(await readFile(path.join(dir, 'assets/index-abc.js.br')))).toEqual(
      source,
    );
    expect(gunzipSync(await readFile(path.join(dir, 'assets/index-abc.js.gz')))).toEqual(source);
    expect((await readdir(dir)).sort()).toEqual([
      'assets',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
  });

  it('leaves images, tiny files and the build manifest alone', async () => {
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify({ a: 'b'.repeat(500) }));
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(2000));
    await writeFile(path.join(dir, 'robots.txt'), 'x');

    expect(await precompressDirectory(dir)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['.vite', 'logo.png', 'robots.txt']);
    expect(await readdir(path.join(dir, '.vite'))).toEqual(['manifest.json']);
  });
});
