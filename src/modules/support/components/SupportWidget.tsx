import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Size, SUPPORT_WIDGET_MARGINS } from '../../../domain/clampToWindow.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { appSupportChatMachine } from '../hooks/appSupportChatMachine.ts';
import { useDraggablePosition } from '../hooks/useDraggablePosition.ts';
import { panelPlacement } from '../utils/panelPlacement.ts';
import { viewportSize } from '../utils/viewportSize.ts';
import { SupportChatPanel } from './SupportChatPanel.tsx';
import './SupportWidget.css';

/** Paths where the support chat is not shown (spec 01 section 2: hidden on /welcome). */
const HIDDEN_ON = ['/welcome'];
const LAUNCHER_SIZE: Size = { width: 56, height: 56 };

const CHAT_ICON = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6a.5.5 0 0 1-.8-.4V16h.5A2.5 2.5 0 0 1 4 13.5v-8Z"
      fill="currentColor"
    />
    <path d="M8 8.5h8M8 11.5h5" stroke="#001760" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

const CLOSE_ICON = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="m7 7 10 10M17 7 7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

function isHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return HIDDEN_ON.includes(path);
}

/**
 * The floating support chat of every signed-in page except /welcome: a launcher that can be dragged
 * (pointer, or arrow keys when focused) and stays 125 px from the left and right and 110 px from the top
 * and bottom of the window; pressing it opens the chat panel.
 */
export function SupportWidget() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isHidden(pathname)) return null;
  return <SupportWidgetBody pathname={pathname} />;
}

function SupportWidgetBody({ pathname }: { pathname: string }) {
  const actor = useRecordedActor(appSupportChatMachine, { name: 'supportChat' });
  const open = useSelector(actor, (s) => s.matches({ panel: 'open' }));
  const { position, handleProps, consumeDragClick } = useDraggablePosition(
    LAUNCHER_SIZE,
    SUPPORT_WIDGET_MARGINS,
  );
  const [viewport, setViewport] = useState(viewportSize);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const hintId = useId();

  useEffect(() => {
    const onResize = () => setViewport(viewportSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const close = () => {
    actor.send({ type: 'support.close' });
    launcherRef.current?.focus();
  };

  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        className={`support-launcher${open ? ' support-launcher--open' : ''}`}
        style={{ transform: `translate(${position.x}px, ${position.y}px)` }}
        aria-label={open ? 'Close support chat' : 'Support chat'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={hintId}
        data-testid="support-launcher"
        {...handleProps}
        onClick={() => {
          if (consumeDragClick()) return;
          actor.send({ type: 'support.toggle' });
        }}
      >
        {open ? CLOSE_ICON : CHAT_ICON}
      </button>
      <span id={hintId} className="ui-visually-hidden">
        Drag it, or use the arrow keys, to move it.
      </span>
      {open ? (
        <SupportChatPanel
          id={panelId}
          actor={actor}
          pathname={pathname}
          placement={panelPlacement(position, LAUNCHER_SIZE, viewport)}
          handleProps={handleProps}
          onClose={close}
        />
      ) : null}
    </>
  );
}
