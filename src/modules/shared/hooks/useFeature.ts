import { useCallback, useContext, useSyncExternalStore } from 'react';
import { type Feature, hasFeature } from '../../../../domain/featureFlags.ts';
import { CurrentUserContext } from './CurrentUserContext.ts';

/**
 * Whether the signed-in user's plan and permissions include a feature (domain/featureFlags.ts); null while
 * the user is not known yet (or outside the signed-in shell). Subscribes to that one answer only.
 */
export function useFeature(feature: Feature): boolean | null {
  const actor = useContext(CurrentUserContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => {
    const user = actor?.getSnapshot().context.user;
    return user ? hasFeature(user, feature) : null;
  });
}
