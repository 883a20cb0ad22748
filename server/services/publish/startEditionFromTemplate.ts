import type { Db } from '../../db/Db.ts';
import { loadBrand, loadEdition, loadTemplate, templateDesign } from './designQueries.ts';
import { renderForEdition } from './renderForEdition.ts';
import type { Viewer } from './Viewer.ts';

/**
 * A new email "from a template" (create_email/ with template_id): its first edition starts with the
 * template's design (a product template in the organisation's brand), rendered and stored as a save would.
 * A template the user may not use, or none, is not found (404).
 */
export async function startEditionFromTemplate(
  trx: Db,
  viewer: Viewer,
  versionId: number,
  templateId: number,
): Promise<void> {
  const template = await loadTemplate(trx, viewer, templateId);
  const design = templateDesign(template, await loadBrand(trx, viewer.orgId));
  const edition = await loadEdition(trx, viewer.orgId, versionId);
  const rendered = await renderForEdition(trx, edition, design);
  const savedAt = new Date();
  await trx
    .updateTable('email_versions')
    .set({
      design: JSON.stringify(design),
      html: rendered.html,
      text_preview: rendered.text,
      design_saved_at: savedAt,
      updated_at: savedAt,
    })
    .where('id', '=', edition.id)
    .execute();
}
