import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { Db } from '../../db/Db.ts';
import type { WidgetRow } from './ensureWidget.ts';
import type { Viewer } from './Viewer.ts';

/** How many article titles the widget lists. */
export const WIDGET_ARTICLES = 5;

/** The campaign's latest sent edition (by sent time, then id), with the subject the readers got. */
export async function latestSentEdition(db: Db, orgId: number, campaignId: number) {
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

/** The iframe a website pastes in: the widget page, lazily loaded, with a title for screen readers. */
export function embedCode(widgetUrl: string): string {
  return (
    `<iframe src="${widgetUrl}" title="Latest newsletter and promotion codes" ` +
    'width="100%" height="420" style="border:0;max-width:480px" loading="lazy"></iframe>'
  );
}

export async function settingsOf(db: Db, viewer: Viewer, row: WidgetRow, publicOrigin: string) {
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
