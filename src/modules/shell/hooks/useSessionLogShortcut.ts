import { useEffect } from 'react';
import { downloadSessionLog } from './downloadSessionLog.ts';

/** True for Ctrl+Shift+L (Cmd+Shift+L on a Mac), the session-log shortcut. */
export function isSessionLogShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyL';
}

/** Ctrl+Shift+L / Cmd+Shift+L anywhere in the page downloads the session log. */
export function useSessionLogShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSessionLogShortcut(event)) return;
      event.preventDefault();
      downloadSessionLog();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
