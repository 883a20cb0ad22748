import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { EditionDesign } from '../../../domain/publishAnswers.ts';
import type { Db } from '../../db/Db.ts';
import {
  loadBrand,
  loadDesignArticles,
  loadEdition,
  loadTemplate,
  organisationDefaultDesign,
  storedDesign,
  templateDesign,
} from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

/** design/: the edition, its design (saved, a chosen template's or the default), articles and brand. */
export async function designOf(
  db: Db,
  viewer: Viewer,
  query: { version_id: number; templateStyleId: number | null; change_template?: boolean },
): Promise<EditionDesign> {
  const edition = await loadEdition(db, viewer.orgId, query.version_id);
  const brand = await loadBrand(db, viewer.orgId);
  const saved = storedDesign(edition.design);
  let design: EmailDesign;
  if (query.templateStyleId !== null && (query.change_template || saved === null)) {
    design = templateDesign(await loadTemplate(db, viewer, query.templateStyleId), brand);
  } else
    design =
      saved ?? (await organisationDefaultDesign(db, viewer.orgId, brand, edition.email_type === 0)).design;
  return {
    version_id: edition.id,
    email_id: edition.email_id,
    campaign_id: edition.campaign_id,
    email_name: edition.email_name,
    version_name: edition.name,
    subject: edition.subject,
    status: edition.status,
    design,
    design_saved_at: edition.design_saved_at ? new Date(edition.design_saved_at).toISOString() : null,
    preview_text: edition.text_preview,
    text_preview_edited: edition.text_preview_edited,
    articles: await loadDesignArticles(db, edition.id),
    theme: brand.theme,
    postal_address: brand.postal_address,
  };
}
