import type { Db } from '../../db/Db.ts';
import { loadEdition } from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

/** update_text_preview/: the user's own text version, kept until default_text_preview/. */
export async function updateTextPreview(
  db: Db,
  viewer: Viewer,
  versionId: number,
  text: string,
): Promise<string> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  await db
    .updateTable('email_versions')
    .set({ text_preview: text, text_preview_edited: true, updated_at: new Date() })
    .where('id', '=', edition.id)
    .execute();
  return text;
}
