import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';

/** The shell the pages are rendered into when there is no client build (the API-only mode, tests). */
const BARE_TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />' +
  '<title>Email preferences</title></head><body><div id="root"></div></body></html>';

/** The built public pages' index.html (its CSS and script links), or the bare shell. */
export function publicPageTemplate(config: AppConfig): string {
  const file = path.join(config.distDir, 'public', 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : BARE_TEMPLATE;
}
