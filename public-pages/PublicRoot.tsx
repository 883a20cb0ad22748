import { useCallback, useEffect, useState } from 'react';
import { PublicApp } from './PublicApp.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { PublicPageData } from './publicPageData.ts';

export type PublicRootProps = {
  initialPath: string;
  client: PreferenceClient;
  /** What the server rendered the first page with (null on a static host). */
  data?: PublicPageData | null;
};

/**
 * Holds the current path in the browser: navigation is history.pushState plus a re-render. The server's
 * data belongs to the first page only; a page reached by navigation loads what it needs.
 */
export function PublicRoot({ initialPath, client, data = null }: PublicRootProps) {
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
  return (
    <PublicApp
      pathname={pathname}
      client={client}
      navigate={navigate}
      data={pathname === initialPath ? data : null}
    />
  );
}
