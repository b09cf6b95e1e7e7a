// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so the API
// (@fastify/static with `preCompressed`) serves compressed files without compressing per request.
// Members load the portal over mobile networks; compressing once at build time at the highest
// levels costs a few seconds here and nothing at serving time.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE_EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json', '.txt'] as const;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const path = join(dir, entry.name);
      // `.vite/` holds the build manifest for tooling; it is never served.
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : listFiles(path);
      return [path];
    }),
  );
  return files.flat();
}

export async function precompressDirectory(dir: string): Promise<string[]> {
  const targets = (await listFiles(dir)).filter((file) =>
    COMPRESSIBLE_EXTENSIONS.some((extension) => file.endsWith(extension)),
  );
  const written: string[] = [];
  await Promise.all(
    targets.map(async (file) => {
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      // A compressed copy that is not smaller (tiny files) would only make the response bigger.
      for (const [suffix, data] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (data.length < source.length) {
          await writeFile(file + suffix, data);
          written.push(file + suffix);
        }
      }
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'coop:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // closeBundle runs after every file, including the copied `public/` ones, is on disk.
    async closeBundle(error?: Error) {
      if (error) return;
      const outDir = resolve(config.root, config.build.outDir);
      const written = await precompressDirectory(outDir);
      config.logger.info(`precompress: wrote ${written.length} .br/.gz files in ${outDir}`);
    },
  };
}
