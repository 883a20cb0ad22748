import type { Db } from '../../db/Db.ts';
import { loadEdition } from './designQueries.ts';
import { renderWebVersion } from './renderWebVersion.ts';
import type { Viewer } from './Viewer.ts';
import { webVersionInputs } from './webVersionInputs.ts';

/**
 * email_html/: an edition's email as one self-contained HTML document, for a neutral reader (merge fields
 * show their fallbacks, no personal preference link), from its saved design or the organisation's default
 * template: what a user copies into another tool. Changes nothing. Another organisation's edition is a 404.
 */
export async function emailHtmlOf(db: Db, viewer: Viewer, versionId: number, publicOrigin: string) {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  const html = await renderWebVersion(await webVersionInputs(db, edition), publicOrigin);
  return {
    version_id: edition.id,
    email_id: edition.email_id,
    subject: edition.subject,
    html,
  };
}
