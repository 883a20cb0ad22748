import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright';
import { ROOT } from '../benchServer.ts';

export type Bundle = { js: string; css: string };

/** Bundles a browser entry of bench/ with esbuild (React in production mode, CSS in its own file). */
export async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'bench', entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    outdir: path.join(os.tmpdir(), 'wb-bench-builder-bundle'),
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
    loader: { '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl', '.woff': 'dataurl' },
    logLevel: 'silent',
  });
  const find = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? '';
  return { js: find('.js'), css: find('.css') };
}

/**
 * Serves /__bench/<name>.html, .js and .css on the app's origin (Playwright routing: same IndexedDB), and
 * defines `__name` in every page: tsx compiles bench/ with esbuild's keepNames, so the functions passed
 * to page.evaluate / addInitScript call __name(...) for their inner named functions.
 */
export async function routeBundles(context: BrowserContext, origin: string, bundles: Record<string, Bundle>) {
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
  await context.route(`${origin}/__bench/**`, (route) => {
    const url = new URL(route.request().url());
    const match = /^\/__bench\/(\w+)\.(html|js|css)$/.exec(url.pathname);
    const found = match ? bundles[match[1] as string] : undefined;
    if (!match || !found) return route.fulfill({ status: 404, body: 'not found' });
    const [, name, ext] = match;
    if (ext === 'js') return route.fulfill({ contentType: 'text/javascript', body: found.js });
    if (ext === 'css') return route.fulfill({ contentType: 'text/css', body: found.css });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><title>bench ${name}</title><link rel="stylesheet" href="/__bench/${name}.css"><div id="root"></div><script type="module" src="/__bench/${name}.js"></script>`,
    });
  });
}
