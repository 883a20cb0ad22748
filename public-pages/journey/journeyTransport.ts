/**
 * Posts a body to a journey call; resolves true when it was answered 2xx (a beacon: when it was queued),
 * false when it failed. It never rejects.
 */
export type JourneyTransport = (url: string, body: object) => Promise<boolean>;

/**
 * The tracking script's one way out: JSON sent as text/plain (a CORS "simple" request, so no preflight),
 * without credentials, kept alive past the page's unload (fetch keepalive; navigator.sendBeacon where fetch
 * is missing).
 */
export const journeyTransport: JourneyTransport = (url, body) => {
  const text = JSON.stringify(body);
  if (typeof fetch !== 'function') return Promise.resolve(navigator.sendBeacon?.(url, text) ?? false);
  return fetch(url, {
    method: 'POST',
    body: text,
    keepalive: true,
    mode: 'cors',
    credentials: 'omit',
    headers: { 'content-type': 'text/plain' },
  }).then(
    (answer) => answer.ok,
    () => false,
  );
};
