import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { OVERLAY_OPACITY } from '../../../../domain/panelRules.ts';
import { usePanelsActor } from '../hooks/PanelsContext.ts';
import './PageOverlay.css';

/**
 * The dark overlay behind open side panels: a click on it follows the path's rule (panels close; under
 * /audiences the edit-contact state resets too). It also keeps the panels' actor told of route changes and
 * locks page scrolling while a panel that locks it is open.
 */
export function PageOverlay() {
  const actor = usePanelsActor();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const anyOpen = useSelector(actor, (s) => s.context.open.length > 0);
  const scrollLocked = useSelector(actor, (s) => s.context.scrollLocked);

  useEffect(() => {
    if (actor.getSnapshot().context.path !== pathname) actor.send({ type: 'route.change', path: pathname });
  }, [actor, pathname]);

  useEffect(() => {
    if (!scrollLocked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [scrollLocked]);

  if (!anyOpen) return null;
  return (
    // A pointer target only: panels have their own close buttons and Escape for keyboard users.
    // biome-ignore lint/a11y/noStaticElementInteractions: decorative backdrop; panels are closable by keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      className="page-overlay"
      data-testid="page-overlay"
      style={{ opacity: OVERLAY_OPACITY }}
      onClick={() => actor.send({ type: 'overlay.click' })}
    />
  );
}
