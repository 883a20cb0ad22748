import { decodeNumericReferences } from '../../../domain/decodeNumericReferences.ts';
import { fillMergeFields } from '../../../domain/mergeFields.ts';
import type { DesignArticle } from '../../../domain/publishAnswers.ts';
import type { Db } from '../../db/Db.ts';
import { loadDesignArticles, newPublicId } from './designQueries.ts';
import { latestSentEdition, WIDGET_ARTICLES } from './exportWidgetQueries.ts';

export type WidgetContent = {
  promotionCodes: string[];
  edition: { subject: string; webId: string; articles: DesignArticle[] } | null;
};

/**
 * What the public widget shows, by its public id: the promotion codes and the campaign's latest sent
 * edition (its subject, web version id and first articles); nothing about recipients. The edition's web
 * id is made here if it has none yet (the sent HTML is not rendered again: it has gone out). Unknown ids:
 * undefined.
 */
export async function widgetContent(db: Db, widgetId: string): Promise<WidgetContent | undefined> {
  const widget = await db
    .selectFrom('campaign_export_widgets')
    .select(['campaign_id', 'org_id', 'promotion_codes'])
    .where('widget_id', '=', widgetId)
    .executeTakeFirst();
  if (!widget) return undefined;
  const latest = await latestSentEdition(db, widget.org_id, widget.campaign_id);
  if (!latest) return { promotionCodes: widget.promotion_codes, edition: null };
  let webId = latest.web_id;
  if (!webId) {
    await db
      .updateTable('email_versions')
      .set({ web_id: newPublicId() })
      .where('id', '=', latest.id)
      .where('web_id', 'is', null)
      .execute();
    const row = await db
      .selectFrom('email_versions')
      .select('web_id')
      .where('id', '=', latest.id)
      .executeTakeFirstOrThrow();
    webId = row.web_id as string;
  }
  const articles = (await loadDesignArticles(db, latest.id)).slice(0, WIDGET_ARTICLES);
  return {
    promotionCodes: widget.promotion_codes,
    // For a neutral reader, like the web version: merge fields take their fallbacks, emojis are characters.
    edition: {
      subject: decodeNumericReferences(fillMergeFields(latest.subject || latest.email_subject, {})),
      webId,
      articles,
    },
  };
}
