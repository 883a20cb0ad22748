import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './fingerprint.ts';

/** Where the public pages' build puts the tracking script (served at /j/journey.js). */
export const JOURNEY_SCRIPT_FILE = 'j/journey.js';
/** The tracking script may weigh at most this much gzipped (tests/server/journey/journeyScript.test.ts). */
export const JOURNEY_SCRIPT_MAX_GZIP_BYTES = 3 * 1024;

/**
 * The website tracking script, bundled as one classic script (an IIFE: no module, no global but
 * window.wbJourney) and minified for old and new browsers alike. The public pages' build emits it.
 */
export async function buildJourneyScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'public-pages', 'journey', 'journey.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2017',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild gave no tracking script.');
  return output.text;
}
