import { useContext, useSyncExternalStore } from 'react';
import { canOpenSettings } from '../../../domain/settingsAccess.ts';
import { CurrentUserContext } from '../../shell/hooks/CurrentUserContext.ts';

/**
 * Whether the signed-in user has export_widget_permission (the promo export widget, like settings):
 * null while the user is not known yet (or outside the app shell). One value, read narrowly.
 */
export function useExportWidgetPermission(): boolean | null {
  const actor = useContext(CurrentUserContext);
  return useSyncExternalStore(
    (notify) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    () => {
      const user = actor?.getSnapshot().context.user;
      return user ? canOpenSettings(user) : null;
    },
  );
}
