import { useFeature } from '../modules/shared/hooks/useFeature.ts';

/**
 * Whether the signed-in user has export_widget_permission (the promo export widget and its settings page); null
 * while the user is not known yet.
 */
export function useExportWidgetPermission(): boolean | null {
  return useFeature('export_widget');
}
