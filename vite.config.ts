import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const resolveFromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Two builds from one config:
 * - `vite build` (default mode): the workbench, index.html -> dist/workbench, served at /.
 * - `vite build --mode public`: the recipients' public pages, public-pages/index.html -> dist/public,
 *   served under /p/ (the server answers /unsub*, /resub* and /unsub-success with its index.html).
 * `vite` (dev) serves the workbench and proxies /api to the server (API_PROXY_TARGET, default :8080).
 */
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
      plugins: [react()],
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
