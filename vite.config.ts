import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildJourneyScript, JOURNEY_SCRIPT_FILE } from './server/build/journeyScript.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const resolveFromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Two builds from one config:
 * - `vite build` (default mode): the workbench, index.html -> dist/workbench, served at /.
 * - `vite build --mode public`: the recipients' public pages, public-pages/index.html -> dist/public,
 *   served under /p/ (the server answers /unsub*, /resub* and /unsub-success with its index.html), and
 *   the website tracking script, j/journey.js (served at /j/journey.js).
 * `vite` (dev) serves the workbench and proxies /api to the server (API_PROXY_TARGET, default :8080).
 */
/** Emits the website tracking script (one classic script, not a page's module) into the public build. */
const journeyScript = (): Plugin => ({
  name: 'journey-script',
  apply: 'build',
  async generateBundle() {
    this.emitFile({ type: 'asset', fileName: JOURNEY_SCRIPT_FILE, source: await buildJourneyScript() });
  },
});

/** Bare `zod` in a browser build is zod made jitless first (src/api/zodWithoutEval.ts). */
const zodWithoutEval = {
  alias: [{ find: /^zod$/, replacement: resolveFromRoot('./src/api/zodWithoutEval.ts') }],
};

export default defineConfig(({ mode }) => {
  const apiTarget = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8080';
  const server = {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  };

  if (mode === 'public') {
    return {
      root: resolveFromRoot('./public-pages'),
      envDir: projectRoot,
      base: '/p/',
      plugins: [react(), journeyScript()],
      resolve: zodWithoutEval,
      server,
      build: {
        outDir: resolveFromRoot('./dist/public'),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          input: resolveFromRoot('./public-pages/index.html'),
        },
      },
    };
  }

  return {
    root: projectRoot,
    envDir: projectRoot,
    base: '/',
    plugins: [react()],
    resolve: zodWithoutEval,
    server,
    build: {
      outDir: resolveFromRoot('./dist/workbench'),
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        input: resolveFromRoot('./index.html'),
      },
    },
  };
});
