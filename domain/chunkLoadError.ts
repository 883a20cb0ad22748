/**
 * A screen's code or styles could not be fetched: the server did not answer, or a newer deploy replaced the
 * file names the page knows (a stale tab). Browsers and the bundler word it differently:
 * Chromium "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported
 * module", Safari "Importing a module script failed", Vite "Unable to preload CSS for …", older bundlers
 * "Loading chunk …" / "Loading CSS chunk …" (ChunkLoadError).
 */
const CHUNK_LOAD_MESSAGE =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS for|Loading (CSS )?chunk)/;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_LOAD_MESSAGE.test(message));
}

/** What a look at the server found, after a screen failed to load. */
export type BuildProbe = 'unreachable' | 'same-build' | 'new-build';

/**
 * Compares the module scripts of the page the server serves now with the page running: the same list is
 * the same build (retry in place), another list is a newer deploy (the page must load again).
 */
export function compareBuilds(running: readonly string[], served: readonly string[]): BuildProbe {
  if (running.length !== served.length) return 'new-build';
  return running.every((src, index) => src === served[index]) ? 'same-build' : 'new-build';
}

/** The `src` of each module script in an HTML document's text, in order. */
export function moduleScriptsOf(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
    const text = tag[0];
    if (!/\btype\s*=\s*["']?module\b/i.test(text)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(text)?.[1];
    if (src) found.push(src);
  }
  return found;
}
