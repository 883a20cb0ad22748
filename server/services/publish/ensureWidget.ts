import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { newPublicId } from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

export type WidgetRow = { campaign_id: number; org_id: number; widget_id: string; promotion_codes: string[] };

/**
 * The organisation's campaign's widget, made (with a new public id and no codes) the first time it is
 * asked for; another organisation's campaign is a 404.
 */
export async function ensureWidget(db: Db, viewer: Viewer, campaignId: number): Promise<WidgetRow> {
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
