import type { JourneyTransport } from './journeyTransport.ts';

/** The site's own storage key of the visitor id (localStorage: no cookie is set). */
export const VISITOR_KEY = 'wb_jvid';
const TOKEN_PARAM = 'wb_jt';

/** What the site calls: consent(true) starts recording, consent(false) stops it and forgets the visitor. */
export type JourneyApi = { consent: (given: boolean) => void };

type Env = {
  window: Window;
  /** The script element (its data-tid, data-consent, data-api and src). */
  script: HTMLScriptElement | null;
  send: JourneyTransport;
};

const randomId = (crypto: Crypto) => {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  let id = '';
  for (const byte of bytes)
    id += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[byte & 63];
  return id;
};

/**
 * The website tracking script: records the page view of every page and of every in-page navigation
 * (history.pushState, Back and Forward), and exchanges an email's click-through token (wb_jt) once for the
 * visitor's contact, removing it from the address at once. Nothing at all is recorded or stored for a
 * browser that asks not to be tracked (Do Not Track, Global Privacy Control), before the site's
 * consent(true) when the script tag says data-consent="required", or after consent(false). The visitor id
 * lives in the site's localStorage; no cookie is set.
 */
export function startJourney({ window: win, script, send }: Env): JourneyApi {
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  const optedOut =
    nav.doNotTrack === '1' ||
    (win as Window & { doNotTrack?: string }).doNotTrack === '1' ||
    nav.globalPrivacyControl === true;
  const tid = script?.dataset.tid ?? '';
  const api = new URL(script?.dataset.api || '/api/journey/', script?.src || win.location.href);
  let consented = script?.dataset.consent !== 'required';
  let vid: string | null = null;

  // The token is read once and never left in the address (nor in what is bookmarked or shared).
  const landing = win.location.href;
  const address = new URL(landing);
  const token = address.searchParams.get(TOKEN_PARAM);
  if (token !== null) {
    address.searchParams.delete(TOKEN_PARAM);
    win.history.replaceState(win.history.state, '', address.toString());
  }
  let pending: (() => void) | null = null;
  let identifying = token;

  const visitor = (): string => {
    if (vid) return vid;
    let id = randomId(win.crypto);
    try {
      const kept = win.localStorage.getItem(VISITOR_KEY);
      if (kept) id = kept;
      else win.localStorage.setItem(VISITOR_KEY, id);
    } catch {
      // No storage (blocked, private mode): this page's id only.
    }
    vid = id;
    return id;
  };

  const view = (url: string, referrer: string) => {
    const record = () => {
      const body = {
        tid,
        vid: visitor(),
        eid: randomId(win.crypto),
        type: 'page_view',
        url,
        title: win.document.title,
        referrer,
      };
      // The transport never rejects: a view that cannot be sent is lost, the page goes on.
      const collect = () => {
        send(new URL('collect/', api).toString(), body);
      };
      if (identifying === null) return collect();
      const exchanged = identifying;
      identifying = null;
      // The contact is known before the first view is stored, so it is the contact's at once.
      send(new URL('identify/', api).toString(), { tid, vid: body.vid, token: exchanged }).then(collect);
    };
    if (optedOut || !tid) return;
    if (consented) record();
    else pending = record;
  };

  let current = landing;
  const navigated = () => {
    const next = win.location.href;
    if (next === current) return;
    const previous = current;
    current = next;
    // The title of the new page is set by the site right after it changes the address.
    win.setTimeout(() => view(next, previous), 0);
  };
  const pushState = win.history.pushState.bind(win.history);
  win.history.pushState = (...args: Parameters<History['pushState']>) => {
    pushState(...args);
    navigated();
  };
  win.addEventListener('popstate', navigated);

  view(landing, win.document.referrer);
  current = win.location.href;

  return {
    consent(given) {
      consented = given;
      if (given) {
        const record = pending;
        pending = null;
        record?.();
        return;
      }
      pending = null;
      vid = null;
      try {
        win.localStorage.removeItem(VISITOR_KEY);
      } catch {
        // No storage: nothing kept to forget.
      }
    },
  };
}
