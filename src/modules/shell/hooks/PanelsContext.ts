import { createContext, useContext } from 'react';
import type { PanelsActor } from '../../../../machines/panelsMachine.ts';

/** The side panels of the signed-in app (open with `panel.open`), owned by the app shell. */
export const PanelsContext = createContext<PanelsActor | null>(null);

export function usePanelsActor(): PanelsActor {
  const actor = useContext(PanelsContext);
  if (!actor) throw new Error('usePanelsActor must be used inside the app shell.');
  return actor;
}
