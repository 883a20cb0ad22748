import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { Db } from '../../db/Db.ts';
import { ensureWidget } from './ensureWidget.ts';
import { settingsOf } from './exportWidgetQueries.ts';
import type { Viewer } from './Viewer.ts';

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
