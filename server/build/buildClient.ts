import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder: the nearest folder above this module holding package.json (works bundled or not). */
function findRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** What the two client builds are made from; a change to any of these makes the build stale. */
const INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'src', 'machines', 'public-pages'];
const STAMP = '.build-stamp';

function* walk(entry: string): Generator<string> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return;
  }
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    yield* walk(path.join(entry, child));
  }
}

/** A fingerprint of the build inputs (paths, sizes, modification times) and the VITE_* settings. */
export function clientFingerprint(root = ROOT): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of walk(path.join(root, input))) {
      const stat = fs.statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith('VITE_')) hash.update(`${key}=${value}\n`);
  }
  return hash.digest('hex');
}

export function isClientBuildFresh(distDir: string, root = ROOT): boolean {
  try {
    const stamp = fs.readFileSync(path.join(distDir, STAMP), 'utf8').trim();
    return (
      stamp === clientFingerprint(root) &&
      fs.existsSync(path.join(distDir, 'workbench', 'index.html')) &&
      fs.existsSync(path.join(distDir, 'public', 'index.html'))
    );
  } catch {
    return false;
  }
}

/** Builds the workbench and the public pages with Vite, unless the build in distDir is fresh. */
export function ensureClientBuilt(distDir: string, options: { force?: boolean; log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!options.force && isClientBuildFresh(distDir)) return { built: false };
  const fingerprint = clientFingerprint();
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const [label, args] of [
    ['workbench', ['build', '--outDir', path.join(distDir, 'workbench'), '--emptyOutDir']],
    ['public pages', ['build', '--mode', 'public', '--outDir', path.join(distDir, 'public'), '--emptyOutDir']],
  ] as const) {
    log(`Building the ${label}...`);
    const started = Date.now();
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`The ${label} build failed (vite exited with ${result.status}).`);
    log(`Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  fs.writeFileSync(path.join(distDir, STAMP), fingerprint);
  return { built: true };
}
