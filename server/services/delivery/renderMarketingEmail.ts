import { fillMergeFields } from '../../../src/domain/mergeFields.ts';
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

function decodeAttribute(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The link as a tracked original: an absolute http(s) URL, or null when it is not one. */
function trackableUrl(raw: string): string | null {
  const text = decodeAttribute(raw).trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The open pixel and the click URL of a send, with the tracking base left as a placeholder. */
export const pixelPath = (token: string) => `${TRACKING_BASE_PLACEHOLDER}/t/o/${token}.gif`;
export const clickPath = (token: string, index: number) =>
  `${TRACKING_BASE_PLACEHOLDER}/t/c/${token}/${index}`;

/**
 * Renders an email for one contact: fills the merge fields ({{first_name}}, {{last_name}}, {{email}},
 * {{company}}, each with its fallback when the contact has no value: {{first_name|there}}), rewrites every
 * http(s) link of an anchor to the click endpoint (the originals kept by index), links the contact's
 * preference page (where a designed email's footer placeholder is, else in a footer line added here), and
 * appends the open pixel.
 */
export function renderMarketingEmail(input: RenderInput): RenderedEmail {
  const preferenceUrl = `${PUBLIC_ORIGIN_PLACEHOLDER}/unsub/${input.preferenceUuid}`;
  let html = fillMergeFields(
    input.html,
    { first_name: input.contact.first_name, last_name: input.contact.last_name, email: input.contact.email },
    escapeHtml,
  );
  const links: string[] = [];
  html = html.replace(ANCHOR_HREF, (whole, start: string, quote: string, href: string) => {
    const url = trackableUrl(href);
    if (url === null || links.length >= MAX_TRACKED_LINKS) return whole;
    links.push(url);
    return `${start}${quote}${clickPath(input.token, links.length - 1)}${quote}`;
  });
  const designed = html.includes(PREFERENCE_URL_PLACEHOLDER);
  if (designed) html = html.split(PREFERENCE_URL_PLACEHOLDER).join(preferenceUrl);
  const footer =
    (designed
      ? ''
      : '<p style="font-size:12px;color:#666">You receive this email because you are subscribed. ' +
        `<a href="${preferenceUrl}">Manage your preferences or unsubscribe</a>.</p>`) +
    `<img src="${pixelPath(input.token)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const bodyEnd = html.search(/<\/body\s*>/i);
  html = bodyEnd >= 0 ? `${html.slice(0, bodyEnd)}${footer}${html.slice(bodyEnd)}` : `${html}${footer}`;
  return { html, links };
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
  return decodeAttribute(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\b[^>]*?\bhref\s*=\s*(["'])([^"']*)\1[^>]*>([\s\S]*?)<\/a>/gi, '$3 ($2)')
      .replace(/<\/(p|h\d|div|li|tr)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
