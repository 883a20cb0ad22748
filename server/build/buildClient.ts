import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fingerprint, isBuildFresh, ROOT, stampBuild } from './fingerprint.ts';
import { precompress } from './precompress.ts';

/** What the two client builds are made from; a change to any of these makes the build stale. */
const INPUTS = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'src',
  'domain',
  'machines',
  'public-pages',
  'server/build/journeyScript.ts',
];
const OUTPUTS = ['workbench/index.html', 'public/index.html', 'public/j/journey.js'];

/** Builds the workbench and the public pages with Vite, unless the build in distDir is fresh. */
export function ensureClientBuilt(
  distDir: string,
  options: { force?: boolean; log?: (line: string) => void } = {},
): { built: boolean } {
  const log = options.log ?? ((line: string) => console.log(line));
  const print = fingerprint(INPUTS, 'VITE_');
  if (!options.force && isBuildFresh(distDir, print, OUTPUTS)) return { built: false };
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const builds = [
    ['workbench', ['build', '--outDir', path.join(distDir, 'workbench'), '--emptyOutDir']],
    [
      'public pages',
      ['build', '--mode', 'public', '--outDir', path.join(distDir, 'public'), '--emptyOutDir'],
    ],
  ] as const;
  for (const [label, args] of builds) {
    log(`Building the ${label}...`);
    const started = Date.now();
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error(`The ${label} build failed (vite exited with ${result.status}).`);
    log(`Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  for (const folder of ['workbench', 'public']) precompress(path.join(distDir, folder, 'assets'));
  stampBuild(distDir, print);
  return { built: true };
}
