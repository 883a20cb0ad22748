import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { ToastContext } from './ToastContext.ts';
import { ToastItem } from './ToastItem.tsx';
import { TOAST_DURATION_MS, type ToastApi, type ToastEntry } from './toastDuration.ts';
import './Toast.css';

/** At most this many toasts show at once; the oldest goes first. */
const MAX_TOASTS = 4;

/**
 * Holds the toasts of the page and shows them in a corner region. Each toast is a status (polite) or,
 * for errors, an alert; it goes by itself after its duration (paused while hovered or focused) or with
 * its dismiss button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show: ({ message, title, tone = 'info', duration = TOAST_DURATION_MS.long, action }) => {
        counter.current += 1;
        const id = `toast-${counter.current}`;
        setToasts((list) => [...list, { id, message, title, tone, duration, action }].slice(-MAX_TOASTS));
        return id;
      },
      dismiss,
    }),
    [dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="ui-toasts" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
