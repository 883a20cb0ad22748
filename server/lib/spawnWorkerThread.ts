import { Worker, type WorkerOptions } from 'node:worker_threads';

const BOOT = new URL('./workerThreadBoot.mjs', import.meta.url);
/** Running from TypeScript source (tests, tsx): threads boot through tsx; the bundle starts built files. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Starts a worker thread on a server module: from source through tsx (workerThreadBoot.mjs), or, in the
 * bundled server, the module's bundle beside main.js (server/build/buildServer.ts names it).
 */
export function spawnWorkerThread(
  sourceFile: URL,
  bundleName: string,
  options: Omit<WorkerOptions, 'workerData'> = {},
): Worker {
  return FROM_SOURCE
    ? new Worker(BOOT, { ...options, workerData: { sourceFile: sourceFile.href } })
    : new Worker(new URL(`./${bundleName}.js`, import.meta.url), options);
}
