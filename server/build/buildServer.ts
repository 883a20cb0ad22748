import path from 'node:path';
import { fingerprint, isBuildFresh, ROOT, stampBuild } from './fingerprint.ts';

/** The server and what it imports: the shared core and the public pages' components (server rendering). */
const INPUTS = [
  'server',
  'domain',
  'public-pages',
  'machines',
  'src/ui',
  'src/modules/shared',
  'package-lock.json',
  'tsconfig.json',
];
export const SERVER_ENTRY = 'main.js';
/** Worker threads' modules, bundled beside main.js (WorkerPool starts them by name). */
const WORKER_ENTRIES = {
  simulationWorker: 'server/services/runtime/simulationWorker.ts',
  pgliteWorker: 'server/db/pgliteWorker.ts',
};

/**
 * Bundles server/main.ts with esbuild (packages stay in node_modules) so a start does not pay for
 * transpiling TypeScript: start-up is about a second faster than running it through tsx.
 */
export async function ensureServerBuilt(outDir: string, options: { force?: boolean } = {}): Promise<string> {
  const entry = path.join(outDir, SERVER_ENTRY);
  const print = fingerprint(INPUTS);
  const outputs = [SERVER_ENTRY, ...Object.keys(WORKER_ENTRIES).map((name) => `${name}.js`)];
  if (!options.force && isBuildFresh(outDir, print, outputs)) return entry;
  const { build } = await import('esbuild');
  await build({
    entryPoints: {
      main: path.join(ROOT, 'server', 'main.ts'),
      ...Object.fromEntries(
        Object.entries(WORKER_ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)]),
      ),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    // The public pages' components are rendered on the server; their style sheets are the client build's.
    loader: { '.css': 'empty' },
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  stampBuild(outDir, print);
  return entry;
}
