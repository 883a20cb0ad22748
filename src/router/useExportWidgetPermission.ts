import { useSelector } from '@xstate/react';
import { canOpenSettings } from '../../domain/settingsAccess.ts';
import { useCurrentUserActor } from '../modules/shell/hooks/CurrentUserContext.ts';

/**
 * Whether the signed-in user has export_widget_permission (the promo export widget, like settings); null
 * while the user is not known yet. Read here, where the router meets the shell, and handed to the screen.
 */
export function useExportWidgetPermission(): boolean | null {
  const actor = useCurrentUserActor();
  return useSelector(actor, (s) => (s.context.user ? canOpenSettings(s.context.user) : null));
}
