import path from 'node:path';
import { ensureClientBuilt, ROOT } from './buildClient.ts';

/** `npm run build`: builds the workbench and the public pages (always, with --force). */
const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, 'dist'));
ensureClientBuilt(distDir, { force: process.argv.includes('--force') });
