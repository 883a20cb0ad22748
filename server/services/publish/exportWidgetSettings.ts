import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { Db } from '../../db/Db.ts';
import { ensureWidget } from './ensureWidget.ts';
import { settingsOf } from './exportWidgetQueries.ts';
import type { Viewer } from './Viewer.ts';

/** GET old_export_widget/: the campaign's widget settings (the widget made on first use). */
export async function exportWidgetSettings(
  db: Db,
  viewer: Viewer,
  campaignId: number,
  publicOrigin: string,
): Promise<ExportWidgetSettings> {
  return settingsOf(db, viewer, await ensureWidget(db, viewer, campaignId), publicOrigin);
}
