import { useCallback, useEffect, useState } from 'react';
import { PublicApp } from './PublicApp.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { PublicPageData } from './publicPageData.ts';

export type PublicRootProps = {
  initialPath: string;
  /** The first page's query (window.location.search). */
  initialSearch?: string;
  client: PreferenceClient;
  /** What the server rendered the first page with (null on a static host). */
  data?: PublicPageData | null;
};

/**
 * Holds the current path in the browser: navigation is history.pushState plus a re-render. The server's
 * data belongs to the first page only; a page reached by navigation loads what it needs.
 */
export function PublicRoot({ initialPath, initialSearch = '', client, data = null }: PublicRootProps) {
  const [{ pathname, search }, setLocation] = useState({ pathname: initialPath, search: initialSearch });
  useEffect(() => {
    const onPop = () => setLocation({ pathname: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
    const url = new URL(to, window.location.href);
    setLocation({ pathname: url.pathname, search: url.search });
  }, []);
  return (
    <PublicApp
      pathname={pathname}
      search={search}
      client={client}
      navigate={navigate}
      data={pathname === initialPath ? data : null}
    />
  );
}
