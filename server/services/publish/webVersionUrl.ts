import type { Db } from '../../db/Db.ts';
import { loadTemplate } from './designQueries.ts';
import { ensureWebId } from './ensureWebId.ts';
import type { Viewer } from './Viewer.ts';

/**
 * publish_html_preview/ and export_rss_link/: the address of the edition's public web version (or of
 * its RSS feed), its web id made on first use; a template_id given must be one the user may use.
 */
export async function webVersionUrl(
  db: Db,
  viewer: Viewer,
  query: { version_id: number; template_id?: number | null },
  publicOrigin: string,
  what: 'page' | 'rss',
): Promise<string> {
  if (query.template_id !== undefined && query.template_id !== null) {
    await loadTemplate(db, viewer, query.template_id);
  }
  const webId = await ensureWebId(db, viewer, query.version_id);
  return `${publicOrigin}/web/${webId}${what === 'rss' ? '/rss.xml' : ''}`;
}
