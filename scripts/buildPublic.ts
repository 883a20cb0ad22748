/**
 * `npm run build:public`: the recipients' public pages as a self-contained folder any static host can
 * serve (default dist/public-static), calling a configurable preference service:
 *
 *   PREFERENCE_BASE=https://api.example.com/api/preference/ npm run build:public
 *
 * - PREFERENCE_BASE (or VITE_PREFERENCE_BASE): the preference service's base address (default
 *   /api/preference/, the same origin). A service on another origin must list the pages' origin in its
 *   PREFERENCE_CORS_ORIGINS.
 * - PUBLIC_BASE: the path the folder is served under (default /).
 * - PUBLIC_OUT_DIR: where the folder goes.
 * The host must answer /unsub/..., /resub/... and /unsub-success with index.html (a 404.html copy is
 * written for hosts that fall back to it). From a static host the pages render in the browser and need
 * JavaScript; the product's own server renders them and also serves them without JavaScript.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../server/build/fingerprint.ts';
import { precompress } from '../server/build/precompress.ts';

const outDir = path.resolve(process.env.PUBLIC_OUT_DIR || path.join(ROOT, 'dist', 'public-static'));
const base = process.env.PUBLIC_BASE || '/';
const preferenceBase = process.env.PREFERENCE_BASE || process.env.VITE_PREFERENCE_BASE || '/api/preference/';

const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(
  process.execPath,
  [
    vite,
    'build',
    '--mode',
    'public',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--base',
    base,
    '--logLevel',
    'warn',
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITE_PREFERENCE_BASE: preferenceBase } },
);
if (result.status !== 0) {
  console.error(`The public pages build failed (vite exited with ${result.status}).`);
  process.exit(1);
}
fs.copyFileSync(path.join(outDir, 'index.html'), path.join(outDir, '404.html'));
const compressed = precompress(path.join(outDir, 'assets'));
console.log(`Public pages built in ${path.relative(ROOT, outDir) || outDir}`);
console.log(`  served under ${base}, calling the preference service at ${preferenceBase}`);
console.log(
  `  ${compressed} assets with .br and .gz copies; 404.html = index.html for hosts without rewrites`,
);
