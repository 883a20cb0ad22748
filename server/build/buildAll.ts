import path from 'node:path';
import { ensureClientBuilt } from './buildClient.ts';
import { ensureServerBuilt } from './buildServer.ts';
import { ROOT } from './fingerprint.ts';

/** `npm run build`: builds the workbench, the public pages and the server bundle (always, with --force). */
const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, 'dist'));
const force = process.argv.includes('--force');
ensureClientBuilt(distDir, { force });
await ensureServerBuilt(path.join(distDir, 'server'), { force });
