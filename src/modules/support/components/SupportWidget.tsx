import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type Size, SUPPORT_WIDGET_MARGINS } from '../../../../domain/clampToWindow.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { appSupportChatMachine } from '../hooks/appSupportChatMachine.ts';
import { useDraggablePosition } from '../hooks/useDraggablePosition.ts';
import { useWideWindow } from '../hooks/useWideWindow.ts';
import { dockedPanelPlacement, panelPlacement } from '../utils/panelPlacement.ts';
import { viewportSize } from '../utils/viewportSize.ts';
import { SupportChatPanel } from './SupportChatPanel.tsx';
import './SupportWidget.css';

/** Paths where the support chat is not shown (hidden on /welcome). */
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

/** Marks the page while the launcher floats, so the page keeps its column free (SupportWidget.css). */
const FLOATING_CLASS = 'wb-support-floating';

/**
 * The support chat of every signed-in page except /welcome. On wide windows (FLOATING_MIN_WIDTH and up)
 * a floating launcher that can be dragged (pointer, or arrow keys when focused) and stays 125 px from the
 * left and right and 110 px from the top and bottom of the window; it starts in the bottom-right corner
 * of that box, in a column the page keeps free, so it covers no control, and toasts keep to its left.
 * On narrower windows the margins would put it mid-screen over the page: it is docked, smaller, in the
 * top bar (`dock`), and covers nothing. Pressing it opens the chat panel; dialogs stay above both.
 */
export function SupportWidget({ dock }: { dock: HTMLElement | null }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const wide = useWideWindow();
  if (isHidden(pathname)) return null;
  return <SupportWidgetBody pathname={pathname} dock={wide ? null : dock} />;
}

function SupportWidgetBody({ pathname, dock }: { pathname: string; dock: HTMLElement | null }) {
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
    if (dock) return;
    document.documentElement.classList.add(FLOATING_CLASS);
    return () => document.documentElement.classList.remove(FLOATING_CLASS);
  }, [dock]);

  useEffect(() => {
    const onResize = () => setViewport(viewportSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const close = () => {
    actor.send({ type: 'support.close' });
    launcherRef.current?.focus();
  };

  const launcher = dock ? (
    <button
      ref={launcherRef}
      type="button"
      className={`support-launcher support-launcher--docked${open ? ' support-launcher--open' : ''}`}
      aria-label={open ? 'Close support chat' : 'Support chat'}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      data-testid="support-launcher"
      onClick={() => actor.send({ type: 'support.toggle' })}
    >
      {open ? CLOSE_ICON : CHAT_ICON}
    </button>
  ) : (
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
    </>
  );

  return (
    <>
      {dock ? createPortal(launcher, dock) : launcher}
      {open ? (
        <SupportChatPanel
          id={panelId}
          actor={actor}
          pathname={pathname}
          placement={
            dock
              ? dockedPanelPlacement(dock.getBoundingClientRect().bottom, viewport)
              : panelPlacement(position, LAUNCHER_SIZE, viewport)
          }
          handleProps={dock ? null : handleProps}
          onClose={close}
        />
      ) : null}
    </>
  );
}
