import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * After a navigation inside the app, moves focus to the page's main region so keyboard and screen-reader
 * users start at the new content (not on the first load, where the browser does the right thing).
 */
export function RouteFocus() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!pathname) return;
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
