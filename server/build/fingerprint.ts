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

/** A fingerprint of build inputs (paths, sizes, modification times) and of the variables named by envPrefix. */
export function fingerprint(inputs: readonly string[], envPrefix?: string, root = ROOT): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(path.join(root, input))) {
      const stat = fs.statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  if (envPrefix) {
    for (const [key, value] of Object.entries(process.env).sort()) {
      if (key.startsWith(envPrefix)) hash.update(`${key}=${value}\n`);
    }
  }
  return hash.digest('hex');
}

const STAMP = '.build-stamp';

/** True when outDir holds a build stamped with this fingerprint and every expected output file. */
export function isBuildFresh(outDir: string, print: string, outputs: readonly string[]): boolean {
  try {
    const stamp = fs.readFileSync(path.join(outDir, STAMP), 'utf8').trim();
    return stamp === print && outputs.every((file) => fs.existsSync(path.join(outDir, file)));
  } catch {
    return false;
  }
}

export function stampBuild(outDir: string, print: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, STAMP), print);
}
