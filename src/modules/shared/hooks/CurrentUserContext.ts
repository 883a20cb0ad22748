import { createContext, useContext } from 'react';
import type { CurrentUserActor } from '../../../../machines/currentUserMachine.ts';

/** The signed-in user's actor, owned by the app shell (it lives and dies with the signed-in layout). */
export const CurrentUserContext = createContext<CurrentUserActor | null>(null);

export function useCurrentUserActor(): CurrentUserActor {
  const actor = useContext(CurrentUserContext);
  if (!actor) throw new Error('useCurrentUserActor must be used inside the app shell.');
  return actor;
}
