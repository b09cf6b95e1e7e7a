// Builds the service worker (src/service-worker/worker.ts) into /sw.js beside the app, with this
// build's version and the files it saves on install in front of it
// (docs/decisions/166-service-worker-and-offline.md). The version is a hash of the build's file
// names (each carries a hash of its content) and of the worker's own code: any change to the app
// or the worker is a new version, so browsers install a new worker and drop the old build's cache;
// an unchanged build keeps its worker and the cache members already have.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

export interface WorkerBuild {
  version: string;
  precache: string[];
}

/** One output file of the build, as far as the worker's list needs it. */
export interface BuiltFile {
  fileName: string;
  isEntry: boolean;
  /** The source module a lazily loaded chunk stands for (a route's file). */
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
  css: readonly string[];
}

/** Lazily loaded back-office pages: officers use them online only, so they are not saved. */
const BACK_OFFICE_ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/]admin[\\/]/;

/**
 * The version and precache list of a build: the entry and everything it loads, now or lazily,
 * except the back office's pages and what only they load, so a member's phone saves the member
 * portal (about half of the build) and nothing an officer alone runs.
 */
export function workerBuild(files: readonly BuiltFile[], workerCode: string): WorkerBuild {
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const saved = new Set<string>();
  const visit = (name: string) => {
    const file = byName.get(name);
    if (!file || saved.has(name)) return;
    if (file.facadeModuleId && BACK_OFFICE_ROUTE.test(file.facadeModuleId)) return;
    saved.add(name);
    for (const css of file.css) saved.add(css);
    for (const next of [...file.imports, ...file.dynamicImports]) visit(next);
  };
  for (const file of files) if (file.isEntry) visit(file.fileName);
  const precache = [...saved].map((name) => `/${name}`).sort();
  const version = createHash('sha256')
    .update(JSON.stringify(precache))
    .update(workerCode)
    .digest('hex')
    .slice(0, 16);
  return { version, precache };
}

/** The worker file: the build's constants, then the worker bundled into one classic script. */
export function workerSource(built: WorkerBuild, workerCode: string): string {
  return `self.__COOP_BUILD__ = ${JSON.stringify(built)};\n${workerCode}`;
}

async function bundleWorker(entry: string): Promise<string> {
  const result = await build({
    input: entry,
    write: false,
    output: { format: 'iife', minify: true },
  });
  const chunk = result.output.find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the service worker built to nothing');
  return chunk.code;
}

export function serviceWorker(): Plugin {
  let root = process.cwd();
  return {
    name: 'coop:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const workerCode = await bundleWorker(resolve(root, 'src/service-worker/worker.ts'));
      const files = Object.values(bundle).flatMap((item): BuiltFile[] =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                isEntry: item.isEntry,
                facadeModuleId: item.facadeModuleId,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                css: [...(item.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const built = workerBuild(files, workerCode);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: workerSource(built, workerCode) });
    },
  };
}
