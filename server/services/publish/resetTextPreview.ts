import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { loadBrand, loadEdition } from './designQueries.ts';
import { editionDesign } from './editionDesign.ts';
import { renderForEdition } from './renderForEdition.ts';
import type { Viewer } from './Viewer.ts';

/** default_text_preview/: the generated text version, stored as the edition's (the edit flag cleared). */
export async function resetTextPreview(
  db: Db,
  viewer: Viewer,
  versionId: number,
  unsaved: EmailDesign | undefined,
): Promise<string> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  const design = unsaved ?? (await editionDesign(db, edition, await loadBrand(db, viewer.orgId)));
  const { text } = await renderForEdition(db, edition, design);
  await db
    .updateTable('email_versions')
    .set({ text_preview: text, text_preview_edited: false, updated_at: new Date() })
    .where('id', '=', edition.id)
    .execute();
  return text;
}
