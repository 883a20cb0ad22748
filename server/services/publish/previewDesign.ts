import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { fillMergeFields, type MergeValues } from '../../../domain/mergeFields.ts';
import type { Db } from '../../db/Db.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { PREFERENCE_URL_PLACEHOLDER, resolveSendHtml } from '../delivery/renderMarketingEmail.ts';
import { loadBrand, loadEdition } from './designQueries.ts';
import { editionDesign } from './editionDesign.ts';
import { renderForEdition } from './renderForEdition.ts';
import type { Viewer } from './Viewer.ts';

/**
 * generate_preview/: the design (an unsaved one, else the saved or default one) rendered for a sample
 * recipient: the signed-in user's name and address in the merge fields, the organisation's name as the
 * company; the preference link goes nowhere.
 */
export async function previewDesign(
  db: Db,
  viewer: Viewer,
  versionId: number,
  unsaved: EmailDesign | undefined,
  publicOrigin: string,
): Promise<{ html: string; text: string }> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  const design = unsaved ?? (await editionDesign(db, edition, await loadBrand(db, viewer.orgId)));
  const rendered = await renderForEdition(db, edition, design);
  const sample = await db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.org_id')
    .select(['u.first_name', 'u.last_name', 'u.email', 'o.name as company'])
    .where('u.id', '=', viewer.userId)
    .executeTakeFirst();
  const values: MergeValues = sample ?? {};
  const finish = (text: string, encode?: (value: string) => string) =>
    resolveSendHtml(fillMergeFields(text, values, encode), publicOrigin, publicOrigin)
      .split(PREFERENCE_URL_PLACEHOLDER)
      .join('#');
  return { html: finish(rendered.html, escapeHtml), text: finish(rendered.text) };
}
