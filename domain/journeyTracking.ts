import { z } from 'zod';

/** Where a page view came from, as the collection endpoint classifies it (in the screen's order). */
export const JOURNEY_SOURCES = ['email', 'organic', 'social', 'referral', 'direct'] as const;
export type JourneySource = (typeof JOURNEY_SOURCES)[number];

/** The most website domains an organisation declares for its tracking snippet. */
export const MAX_JOURNEY_DOMAINS = 50;

/**
 * A website domain the snippet may report from: a hostname (letters, digits and hyphens in dot-separated
 * labels of at most 63 characters, at least two labels, the last not all digits), or "localhost"; no
 * scheme, port, path or wildcard. Written in lower case.
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export function isJourneyDomain(value: string): boolean {
  if (value === 'localhost') return true;
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (/^\d+$/.test(labels.at(-1) ?? '')) return false;
  return labels.every((label) => LABEL.test(label));
}

export const JOURNEY_DOMAIN_INVALID =
  'Enter a website domain such as example.com or www.example.com (no https://, port or path).';

export const journeyDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isJourneyDomain, { message: JOURNEY_DOMAIN_INVALID });

/** POST tracking/: the organisation's declared website domains (each once). */
export const journeyTrackingInputSchema = z.object({
  domains: z
    .array(journeyDomainSchema)
    .max(MAX_JOURNEY_DOMAINS, `At most ${MAX_JOURNEY_DOMAINS} domains.`)
    .transform((domains) => [...new Set(domains)]),
});
export type JourneyTrackingInput = z.input<typeof journeyTrackingInputSchema>;

/** GET and POST tracking/: the organisation's tracking id, its declared domains and the snippet to paste. */
export type JourneyTrackingAnswer = {
  tracking_id: string;
  domains: string[];
  snippet: string;
};

/** GET sources/: page views of the period by source (share: a fraction of total_views), UTM and referrer. */
export type JourneySourcesAnswer = {
  total_views: number;
  total_visitors: number;
  sources: { source: JourneySource; views: number; visitors: number; share: number }[];
  utm: { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null; views: number }[];
  referrers: { referrer_host: string; views: number }[];
};
