import { useCallback, useEffect, useState } from 'react';
import { PublicApp } from './PublicApp.tsx';
import type { PreferenceClient } from './preferenceClient.ts';

/** Holds the current path in the browser: navigation is history.pushState plus a re-render. */
export function PublicRoot({ initialPath, client }: { initialPath: string; client: PreferenceClient }) {
  const [pathname, setPathname] = useState(initialPath);
  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
    setPathname(new URL(to, window.location.href).pathname);
  }, []);
  return <PublicApp pathname={pathname} client={client} navigate={navigate} />;
}
