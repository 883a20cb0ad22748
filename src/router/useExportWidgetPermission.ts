import { useSelector } from '@xstate/react';
import { hasExportWidgetPermission } from '../../domain/settingsAccess.ts';
import { useCurrentUserActor } from '../modules/shared/hooks/CurrentUserContext.ts';

/**
 * Whether the signed-in user has export_widget_permission (the promo export widget and its settings page); null
 * while the user is not known yet. Read here, where the router meets the shell, and handed to the screen.
 */
export function useExportWidgetPermission(): boolean | null {
  const actor = useCurrentUserActor();
  return useSelector(actor, (s) => (s.context.user ? hasExportWidgetPermission(s.context.user) : null));
}
