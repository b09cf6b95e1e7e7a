// Writes the public pages' markup into the build (docs/decisions/110-prerendered-sign-in-page.md):
// after Vite has written index.html, it loads src/prerender.tsx through Vite's SSR loader (the same
// sources, aliases and conditions as the browser build), renders each page with React, and writes
// index.html with that markup in #root, the page's <title>, the app's stylesheet inlined, and the
// app's scripts started after the first paint, so the first response paints the page without
// waiting for CSS or JavaScript.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

type PrerenderModule = {
  PRERENDERED_PAGES: readonly { path: string; file: string }[];
  renderPage: (location: string) => Promise<string>;
};

/** Where in the build the map of prerendered paths to their files goes (read by the API). */
export const PRERENDERED_MANIFEST = '.vite/prerendered.json';

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const ENTRY = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * The inline script that starts the app once the prerendered page has painted: after the
 * document is parsed, the next frame, then a task (at once in a hidden tab, which paints nothing).
 * Left in the head, the entry and its preloads would be fetched and run before the first paint,
 * holding it back by the time the phone takes to run React. `files` is the entry, then what it
 * imports. The API allows it by its hash, as every inline script of the files it serves.
 */
export function paintFirstLoader(files: readonly string[]): string {
  return `(function () {
        var files = ${JSON.stringify(files)};
        function start() {
          for (var i = 1; i < files.length; i++) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = files[i];
            document.head.appendChild(link);
          }
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = files[0];
          document.head.appendChild(script);
        }
        document.addEventListener('DOMContentLoaded', function () {
          if (document.visibilityState !== 'visible') return start();
          requestAnimationFrame(function () {
            setTimeout(start, 0);
          });
        });
      })();`;
}

/**
 * index.html with `markup` (React's output for one page) in #root. React hoists the page's
 * <title> to the front of its output: it replaces the document's. Each stylesheet link becomes a
 * <style> with the file's content (`readAsset` reads it from the build), which saves the browser a
 * round trip before the first paint.
 */
export async function fillShell(
  template: string,
  markup: string,
  readAsset: (href: string) => Promise<string>,
): Promise<string> {
  if (!template.includes(ROOT)) throw new Error(`index.html must contain ${ROOT}`);
  const title = /^<title>[^<]*<\/title>/.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;
  let html = template.replace(ROOT, () => `<div id="root">${body}</div>`);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('index.html must load its entry as a module script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)];
  for (const [tag] of [entry, ...preloads]) html = html.replace(tag, '');
  const files = [entry[1], ...preloads.map(([, href]) => href)] as string[];
  html = html.replace('</head>', () => `  <script>${paintFirstLoader(files)}</script>\n  </head>`);
  for (const [link, href] of [...html.matchAll(STYLESHEET)]) {
    const css = await readAsset(href as string);
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
    html = html.replace(link, () => `<style>${css}</style>`);
  }
  return html;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'coop:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle runs after index.html and the assets are on disk and before closeBundle, where
    // precompress.ts compresses every file, the pages written here included.
    async writeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { PRERENDERED_PAGES, renderPage } = (await server.ssrLoadModule(
          '/src/prerender.tsx',
        )) as PrerenderModule;
        const served: Record<string, string> = {};
        for (const page of PRERENDERED_PAGES) {
          const html = await fillShell(template, await renderPage(page.path), (href) =>
            readFile(join(outDir, href), 'utf8'),
          );
          const target = join(outDir, page.file);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, html);
          served[page.path] = page.file;
          config.logger.info(`prerender: ${page.path} → ${page.file}`);
        }
        // The API reads this to serve each page's file at its path (PRERENDERED_MANIFEST).
        await mkdir(join(outDir, '.vite'), { recursive: true });
        await writeFile(join(outDir, PRERENDERED_MANIFEST), `${JSON.stringify(served, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
