import { decodeHtmlEntities } from '../../../domain/decodeHtmlEntities.ts';
import { fillMergeFields, type MergeValues } from '../../../domain/mergeFields.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';

/**
 * Placeholders written into a stored send's HTML where the server's public addresses go. They are
 * replaced when the email leaves (delivery worker) or is shown (demo mailbox) by resolveSendHtml, so a
 * send queued by any process (the web server, `npm run worker`) uses the configured TRACKING_BASE_URL
 * and PUBLIC_ORIGIN of the process that delivers it.
 */
export const TRACKING_BASE_PLACEHOLDER = '%%wb-tracking-base%%';
export const PUBLIC_ORIGIN_PLACEHOLDER = '%%wb-public-origin%%';
/**
 * Where a designed email's footer puts the recipient's preference link (server/services/publish/render):
 * each recipient's render writes the link there and then adds no footer link of its own.
 */
export const PREFERENCE_URL_PLACEHOLDER = '%%wb-preference-url%%';

/** The most links of one email that are tracked (the rest are left as they are). */
export const MAX_TRACKED_LINKS = 500;

export type RenderInput = {
  html: string;
  token: string;
  contact: { first_name: string; last_name: string; email: string };
  preferenceUuid: string;
};

export type RenderedEmail = { html: string; links: string[] };

const ANCHOR_HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])([^"']*)\2/gi;

/** The link as a tracked original: an absolute http(s) URL, or null when it is not one. */
function trackableUrl(raw: string): string | null {
  const text = decodeHtmlEntities(raw, 'attribute').trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where a prepared body (email_bodies) has the send's tracking token: each send fills in its own when it
 * leaves, so one stored body serves every recipient of a campaign.
 */
export const SEND_TOKEN_PLACEHOLDER = '%%wb-token%%';

/** The open pixel and the click URL of a send, with the tracking base left as a placeholder. */
export const pixelPath = (token: string) => `${TRACKING_BASE_PLACEHOLDER}/t/o/${token}.gif`;
export const clickPath = (token: string, index: number) =>
  `${TRACKING_BASE_PLACEHOLDER}/t/c/${token}/${index}`;

export type PreparedBody = { html: string; links: string[] };

/**
 * Prepares an email's HTML once for all its recipients: rewrites every http(s) link of an anchor to the
 * click endpoint (the originals kept by index; the send's token a placeholder), puts the preference link
 * placeholder in a footer line unless the design has one, and appends the open pixel. Merge fields are
 * left as written: each send fills its own.
 */
export function prepareEmailBody(sourceHtml: string): PreparedBody {
  const links: string[] = [];
  let html = sourceHtml.replace(ANCHOR_HREF, (whole, start: string, quote: string, href: string) => {
    const url = trackableUrl(href);
    if (url === null || links.length >= MAX_TRACKED_LINKS) return whole;
    links.push(url);
    return `${start}${quote}${clickPath(SEND_TOKEN_PLACEHOLDER, links.length - 1)}${quote}`;
  });
  const footer =
    (html.includes(PREFERENCE_URL_PLACEHOLDER)
      ? ''
      : '<p style="font-size:12px;color:#666">You receive this email because you are subscribed. ' +
        `<a href="${PREFERENCE_URL_PLACEHOLDER}">Manage your preferences or unsubscribe</a>.</p>`) +
    `<img src="${pixelPath(SEND_TOKEN_PLACEHOLDER)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const bodyEnd = html.search(/<\/body\s*>/i);
  html = bodyEnd >= 0 ? `${html.slice(0, bodyEnd)}${footer}${html.slice(bodyEnd)}` : `${html}${footer}`;
  return { html, links };
}

/** A recipient's share of a prepared body: the send's token, preference record and merge fields. */
export type SendSlots = { token: string; preferenceUuid: string; merge: MergeValues };

/**
 * Fills a prepared body for one send, leaving the tracking and public origins as placeholders (what the
 * demo mailbox and older stored sends hold; resolveSendHtml finishes it).
 */
export function fillPreparedBody(preparedHtml: string, slots: SendSlots): string {
  return fillMergeFields(preparedHtml, slots.merge, escapeHtml)
    .split(SEND_TOKEN_PLACEHOLDER)
    .join(slots.token)
    .split(PREFERENCE_URL_PLACEHOLDER)
    .join(`${PUBLIC_ORIGIN_PLACEHOLDER}/unsub/${slots.preferenceUuid}`);
}

/**
 * Renders an email for one contact: prepareEmailBody, then its merge fields ({{first_name}},
 * {{last_name}}, {{email}}, {{company}}, each with its fallback when the contact has no value:
 * {{first_name|there}}), token and preference link filled.
 */
export function renderMarketingEmail(input: RenderInput): RenderedEmail {
  const prepared = prepareEmailBody(input.html);
  const html = fillPreparedBody(prepared.html, {
    token: input.token,
    preferenceUuid: input.preferenceUuid,
    merge: {
      first_name: input.contact.first_name,
      last_name: input.contact.last_name,
      email: input.contact.email,
    },
  });
  return { html, links: prepared.links };
}

/** The stored HTML with the placeholders replaced by this server's addresses. */
export function resolveSendHtml(html: string, trackingBaseUrl: string, publicOrigin: string): string {
  return html
    .split(TRACKING_BASE_PLACEHOLDER)
    .join(trackingBaseUrl)
    .split(PUBLIC_ORIGIN_PLACEHOLDER)
    .join(publicOrigin);
}

/** A plain-text version of the email (for SMTP's text part). */
export function plainTextOf(html: string): string {
  // Read as attribute text: a link's URL is written into the text, and its query's `&copy=2` stays.
  return decodeHtmlEntities(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\b[^>]*?\bhref\s*=\s*(["'])([^"']*)\1[^>]*>([\s\S]*?)<\/a>/gi, '$3 ($2)')
      .replace(/<\/(p|h\d|div|li|tr)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
    'attribute',
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
