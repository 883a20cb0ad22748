import { useSelector } from '@xstate/react';
import { type Feature, hasFeature } from '../../domain/featureFlags.ts';
import { useCurrentUserActor } from '../modules/shared/hooks/CurrentUserContext.ts';

/**
 * Whether the signed-in user's plan and permissions include a feature (domain/featureFlags.ts); null while
 * the user is not known yet. Read here, where the router meets the shell, and handed to the screen.
 */
export function useFeature(feature: Feature): boolean | null {
  const actor = useCurrentUserActor();
  return useSelector(actor, (s) => (s.context.user ? hasFeature(s.context.user, feature) : null));
}
