import { z } from 'zod';

/** Where a website visit came from. */
export const JOURNEY_SOURCES = ['email', 'organic', 'social', 'referral', 'direct'] as const;
export type JourneySource = (typeof JOURNEY_SOURCES)[number];

/** The query parameter the email click endpoint adds to a destination on a declared domain. */
export const CLICK_TOKEN_PARAM = 'wb_jt';

/** At most this many declared website domains per organisation. */
export const MAX_JOURNEY_DOMAINS = 50;
/** A collection or identify body larger than this is refused (413) before it is read. */
export const JOURNEY_BODY_LIMIT_BYTES = 8 * 1024;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A declared website domain as stored: a hostname, lower-case, without scheme, port, path or trailing dot
 * ("www.example.com", "localhost", "127.0.0.1"). Pasted text is forgiven a scheme, a path and a port
 * ("https://Example.com/pricing" is "example.com"); null when what is left is no hostname.
 */
export function normaliseJourneyDomain(text: string): string | null {
  let host = text.trim().toLowerCase();
  if (host === '') return null;
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}

/** The declared domains, as the tracking settings are saved: each a hostname, no more than fifty. */
export const journeyDomainsSchema = z
  .array(z.string().max(300))
  .max(MAX_JOURNEY_DOMAINS, `At most ${MAX_JOURNEY_DOMAINS} domains.`)
  .transform((domains, ctx) => {
    const hosts: string[] = [];
    for (const domain of domains) {
      const host = normaliseJourneyDomain(domain);
      if (host === null) {
        ctx.addIssue({
          code: 'custom',
          message: `"${domain.slice(0, 60)}" is not a website domain (for example www.example.com).`,
        });
        return z.NEVER;
      }
      if (!hosts.includes(host)) hosts.push(host);
    }
    return hosts;
  });

export const journeyTrackingBodySchema = z.object({ domains: journeyDomainsSchema });

/** GET and POST tracking/: the organisation's tracking id, its declared domains and the snippet to paste. */
export type JourneyTracking = { tracking_id: string; domains: string[]; snippet: string };

/** The snippet a website pastes: the script, async, with the organisation's tracking id. */
export const journeySnippet = (publicOrigin: string, trackingId: string): string =>
  `<script async src="${publicOrigin}/j/journey.js" data-tid="${trackingId}"></script>`;

const trackingId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'tid must be a tracking id.');
const visitorId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'vid must be a visitor id.');

/** A page view the script sends (as JSON, or as text/plain from navigator.sendBeacon). */
export const journeyCollectSchema = z.object({
  tid: trackingId,
  vid: visitorId,
  eid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'eid must be an event id.'),
  type: z.literal('page_view'),
  url: z
    .string()
    .max(2048)
    .refine((url) => /^https?:\/\//i.test(url), 'url must be an http(s) address.'),
  title: z.string().max(512).default(''),
  referrer: z.string().max(2048).default(''),
});
export type JourneyCollectBody = z.infer<typeof journeyCollectSchema>;

/** The script's exchange of a click-through token for its visitor's contact. */
export const journeyIdentifySchema = z.object({
  tid: trackingId,
  vid: visitorId,
  token: z.string().min(1).max(512),
});
export type JourneyIdentifyBody = z.infer<typeof journeyIdentifySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.');
export const journeySourcesQuerySchema = z.object({ start_date: day.optional(), end_date: day.optional() });

/** GET sources/: page views of the period by source, by UTM parameters and by external referrer. */
export type JourneySources = {
  total_views: number;
  total_visitors: number;
  /** Every source, in JOURNEY_SOURCES order; share is views / total_views (0 when there are none). */
  sources: { source: JourneySource; views: number; visitors: number; share: number }[];
  utm: { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null; views: number }[];
  referrers: { referrer_host: string; views: number }[];
};
