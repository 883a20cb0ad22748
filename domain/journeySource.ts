import { CLICK_TOKEN_PARAM, type JourneySource } from './journeyTracking.ts';

/** Referrer hosts of search engines (a host is theirs when it is one of these or ends with "." + one). */
const SEARCH_ENGINES = [
  'google.com',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.com',
  'yahoo.com',
  'baidu.com',
  'yandex.ru',
  'yandex.com',
  'ecosia.org',
  'search.brave.com',
  'startpage.com',
  'qwant.com',
  'ask.com',
  'naver.com',
];
/** Google's country domains: google.de, google.co.uk, google.com.au. */
const GOOGLE_COUNTRY = /(^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const SOCIAL_NETWORKS = [
  'facebook.com',
  'fb.me',
  'instagram.com',
  'linkedin.com',
  'lnkd.in',
  'twitter.com',
  'x.com',
  't.co',
  'reddit.com',
  'youtube.com',
  'youtu.be',
  'pinterest.com',
  'tiktok.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'xing.com',
];
const SOCIAL_MEDIUMS = new Set(['social', 'social-media', 'social_media', 'socialmedia', 'sm']);

const ofAny = (host: string, domains: readonly string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** A URL's host (lower-case, without "www."), or null when the text is no http(s) address. */
export function hostOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
}

const bare = (host: string) => host.replace(/^www\./, '');

export type VisitFacts = {
  /** The page's address as visited (its UTM parameters and the click-through token, if any). */
  url: string;
  referrer: string;
};

export type VisitSource = {
  source: JourneySource;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The external referrer's host (null when there is none). */
  referrer_host: string | null;
};

/**
 * Where a visit came from, by the page it landed on and its referrer, first rule that holds:
 * - email: the address carries our click-through token (wb_jt) or utm_medium=email;
 * - social: utm_medium names social media, or the referrer is a social network;
 * - organic: the referrer is a search engine;
 * - referral: any other referrer on another site;
 * - direct: no referrer.
 * A page reached from another page of the same site is no new visit: null (it keeps its visit's source).
 */
export function classifyVisit(facts: VisitFacts): VisitSource | null {
  let url: URL | null = null;
  try {
    url = new URL(facts.url);
  } catch {
    url = null;
  }
  const utm = (name: string) => {
    const value = url?.searchParams.get(`utm_${name}`)?.trim().slice(0, 200);
    return value ? value : null;
  };
  const medium = utm('medium');
  const referrerHost = hostOf(facts.referrer);
  const pageHost = url ? url.hostname.toLowerCase() : null;
  const inside = referrerHost !== null && pageHost !== null && bare(referrerHost) === bare(pageHost);
  const viaToken = url?.searchParams.has(CLICK_TOKEN_PARAM) ?? false;
  if (inside && !viaToken && medium === null && utm('source') === null) return null;
  const external = inside ? null : referrerHost;
  const base = { utm_source: utm('source'), utm_medium: medium, utm_campaign: utm('campaign') };
  const of = (source: JourneySource): VisitSource => ({ source, ...base, referrer_host: external });
  const lowerMedium = medium?.toLowerCase() ?? null;
  if (viaToken || lowerMedium === 'email' || lowerMedium === 'e-mail') return of('email');
  if (
    (lowerMedium !== null && SOCIAL_MEDIUMS.has(lowerMedium)) ||
    (external && ofAny(external, SOCIAL_NETWORKS))
  )
    return of('social');
  if (external && (ofAny(external, SEARCH_ENGINES) || GOOGLE_COUNTRY.test(external))) return of('organic');
  if (external) return of('referral');
  return of('direct');
}
