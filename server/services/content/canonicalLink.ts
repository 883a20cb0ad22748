/**
 * The form of an article's link that identifies it in a pool (one article per canonical link): the
 * fragment and every utm_* tracking parameter removed, the host lower-cased (and the default port
 * dropped, as URL does). null when the link is not an absolute http(s) URL.
 */
export function canonicalLink(link: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  for (const key of [...url.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_')) url.searchParams.delete(key);
  }
  url.hostname = url.hostname.toLowerCase();
  const text = url.href;
  return url.search === '' ? text.replace(/\?$/, '') : text;
}
