import { useEffect, useRef, useState } from 'react';
import type { ToastEntry } from './toastDuration.ts';

export type ToastItemProps = {
  toast: ToastEntry;
  onDismiss: (id: string) => void;
};

/** One toast: counts down its duration, paused while the pointer or the focus is on it (WCAG 2.2.1). */
export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const { id, duration } = toast;

  useEffect(() => {
    if (paused || duration === null || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) {
        remaining.current = Math.max(0, remaining.current - (Date.now() - started));
      }
    };
  }, [paused, duration, id, onDismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the dismiss timer; the toast itself is not a control
    <div
      className={`ui-toast ui-toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className="ui-toast__accent" aria-hidden="true" />
      <div className="ui-toast__body">
        {toast.title ? <p className="ui-toast__title">{toast.title}</p> : null}
        <p className="ui-toast__message">{toast.message}</p>
      </div>
      {toast.action ? (
        <button
          type="button"
          className="ui-toast__action"
          onClick={() => {
            toast.action?.onAction();
            onDismiss(id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="ui-toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(id)}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8m0-8-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
