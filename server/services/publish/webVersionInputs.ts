import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { type EditionRow, loadBrand, loadDesignArticles } from './designQueries.ts';
import { editionDesign } from './editionDesign.ts';
import type { RenderContext } from './render/designToMjml.ts';

/** The web version of an edition for a neutral reader: merge fields' fallbacks, no preference link. */
/** Everything an edition's web version is made from: the same inputs always give the same page. */
export type WebVersionInputs = { design: EmailDesign; context: RenderContext };

export async function webVersionInputs(db: Db, edition: EditionRow): Promise<WebVersionInputs> {
  const design = await editionDesign(db, edition, await loadBrand(db, edition.org_id));
  const context: RenderContext = {
    articles: await loadDesignArticles(db, edition.id),
    title: edition.subject || edition.email_name,
    preferenceLink: false,
    webUrl: null,
  };
  return { design, context };
}
