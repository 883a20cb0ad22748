import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import { decodeNumericReferences } from '../../../domain/decodeNumericReferences.ts';
import { fillMergeFields } from '../../../domain/mergeFields.ts';
import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { DesignArticle } from '../../../domain/publishSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { loadDesignArticles, newPublicId } from './designQueries.ts';

/** How many article titles the widget lists. */
export const WIDGET_ARTICLES = 5;

type Viewer = { orgId: number; userId: number };
type WidgetRow = { campaign_id: number; org_id: number; widget_id: string; promotion_codes: string[] };

/** The campaign's latest sent edition (by sent time, then id), with the subject the readers got. */
async function latestSentEdition(db: Db, orgId: number, campaignId: number) {
  return db
    .selectFrom('email_versions as v')
    .innerJoin('emails as e', 'e.id', 'v.email_id')
    .select(['v.id', 'v.subject', 'e.subject as email_subject', 'v.sent_at', 'v.web_id'])
    .where('e.campaign_id', '=', campaignId)
    .where('v.org_id', '=', orgId)
    .where('v.status', '=', 'sent')
    .orderBy('v.sent_at', (ob) => ob.desc().nullsLast())
    .orderBy('v.id', 'desc')
    .executeTakeFirst();
}

/**
 * The organisation's campaign's widget, made (with a new public id and no codes) the first time it is
 * asked for; another organisation's campaign is a 404.
 */
async function ensureWidget(db: Db, viewer: Viewer, campaignId: number): Promise<WidgetRow> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', campaignId)
    .where('org_id', '=', viewer.orgId)
    .executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  await db
    .insertInto('campaign_export_widgets')
    .values({ campaign_id: campaignId, org_id: viewer.orgId, widget_id: newPublicId() })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .execute();
  return db
    .selectFrom('campaign_export_widgets')
    .select(['campaign_id', 'org_id', 'widget_id', 'promotion_codes'])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/** The iframe a website pastes in: the widget page, lazily loaded, with a title for screen readers. */
export function embedCode(widgetUrl: string): string {
  return (
    `<iframe src="${widgetUrl}" title="Latest newsletter and promotion codes" ` +
    'width="100%" height="420" style="border:0;max-width:480px" loading="lazy"></iframe>'
  );
}

async function settingsOf(db: Db, viewer: Viewer, row: WidgetRow, publicOrigin: string) {
  const latest = await latestSentEdition(db, viewer.orgId, row.campaign_id);
  const widgetUrl = `${publicOrigin}/widget/${row.widget_id}`;
  const settings: ExportWidgetSettings = {
    campaign_id: row.campaign_id,
    promotion_codes: row.promotion_codes,
    widget_id: row.widget_id,
    widget_url: widgetUrl,
    embed_code: embedCode(widgetUrl),
    latest_edition: latest
      ? {
          version_id: latest.id,
          subject: latest.subject || latest.email_subject,
          sent_at: latest.sent_at?.toISOString() ?? null,
        }
      : null,
  };
  return settings;
}

/** GET old_export_widget/: the campaign's widget settings (the widget made on first use). */
export async function exportWidgetSettings(
  db: Db,
  viewer: Viewer,
  campaignId: number,
  publicOrigin: string,
): Promise<ExportWidgetSettings> {
  return settingsOf(db, viewer, await ensureWidget(db, viewer, campaignId), publicOrigin);
}

/** POST old_export_widget/: stores the promotion codes (already read and checked by the schema). */
export async function saveExportWidget(
  db: Db,
  viewer: Viewer,
  input: { campaign_id: number; promotion_codes: string[] },
  publicOrigin: string,
): Promise<ExportWidgetSettings> {
  await ensureWidget(db, viewer, input.campaign_id);
  const row = await db
    .updateTable('campaign_export_widgets')
    .set({ promotion_codes: input.promotion_codes, updated_by: viewer.userId, updated_at: new Date() })
    .where('campaign_id', '=', input.campaign_id)
    .where('org_id', '=', viewer.orgId)
    .returning(['campaign_id', 'org_id', 'widget_id', 'promotion_codes'])
    .executeTakeFirstOrThrow();
  return settingsOf(db, viewer, row, publicOrigin);
}

/** The campaign's promotion codes (the publish data's promoCodes); none without a widget. */
export async function promotionCodesOf(db: Db, orgId: number, campaignId: number | null): Promise<string[]> {
  if (campaignId === null) return [];
  const row = await db
    .selectFrom('campaign_export_widgets')
    .select('promotion_codes')
    .where('campaign_id', '=', campaignId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row?.promotion_codes ?? [];
}

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
