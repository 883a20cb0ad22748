import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { PUBLIC_ORIGIN_PLACEHOLDER } from '../delivery/renderMarketingEmail.ts';
import { type EditionRow, loadDesignArticles } from './designQueries.ts';
import type { RenderContext } from './render/designToMjml.ts';
import { type RenderedDesign, renderDesign } from './render/renderDesign.ts';

/** The web version's address with the public origin left as a placeholder (filled where it is shown). */
const webPath = (webId: string) => `${PUBLIC_ORIGIN_PLACEHOLDER}/web/${webId}`;

/** Renders an edition's design as stored and sent: merge fields and the preference link as placeholders. */
export async function renderForEdition(
  db: Db,
  edition: EditionRow,
  design: EmailDesign,
): Promise<RenderedDesign> {
  const ctx: RenderContext = {
    articles: await loadDesignArticles(db, edition.id),
    title: edition.subject || edition.email_name,
    preferenceLink: true,
    webUrl: edition.web_id ? webPath(edition.web_id) : null,
  };
  return renderDesign(design, ctx);
}
