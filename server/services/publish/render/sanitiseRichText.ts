import sanitizeHtml from 'sanitize-html';
import { decodeHtmlEntities } from '../../../../domain/decodeHtmlEntities.ts';

/**
 * The rich text a design holds (text blocks, header titles, footers) reduced to the subset the designer
 * writes: p, h1-h3, strong/b, em/i, u, s, a[href], ul/ol/li, br, by sanitize-html (a maintained HTML
 * parser and sanitiser, not a hand-written one). Every other tag is dropped with its text kept (script,
 * style and the like lose their content too), every attribute but a link's href is dropped, a link's href
 * must be http(s), mailto or tel (else the link is dropped, its text kept), text is escaped, and open
 * elements are closed. Merge fields ({{first_name|there}}) are plain text and pass through.
 */

const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'br'];
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
/** Elements whose content is never shown (sanitize-html keeps the text of other dropped elements). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];
/** A link target a design may use (already decoded): http(s), mailto or tel, else null. */
function safeUrl(decoded: string): string | null {
  // Control characters and spaces inside a scheme are how "java\tscript:" slips through: they go first.
  const value = [...decoded]
    .filter((char) => char > '\u001f' && char !== '\u007f')
    .join('')
    .trim();
  if (value === '' || value === '#') return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  return null;
}

/** A link target a design may use: http(s), mailto or tel (character references read first), else null. */
export function safeHref(raw: string): string | null {
  return safeUrl(decodeHtmlEntities(raw, 'attribute'));
}

function options(onAnchor?: (href: string | undefined) => void): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    parseStyleAttributes: false,
    // Quotes in text are escaped too: what reads the result with a pattern never meets a bare one.
    textFilter: (text) => text.replace(/"/g, '&quot;'),
    transformTags: {
      b: 'strong',
      i: 'em',
      // The parser has read the href's character references already.
      a: (tagName, attribs) => {
        onAnchor?.(attribs.href);
        const href = safeUrl(attribs.href ?? '');
        const kept: sanitizeHtml.Attributes = href === null ? {} : { href };
        return { tagName, attribs: kept };
      },
    },
    // A link left without a safe href is not written; its text is.
    exclusiveFilter: (frame) =>
      frame.tag === 'a' && frame.attribs.href === undefined ? 'excludeTag' : false,
  };
}

const RICH_TEXT = options();

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

/**
 * Calls back with the href of every <a> the rich text shows, as the sanitiser reads it (undefined: an <a>
 * without one); links inside content that is never shown (a script) are not visited.
 */
export function forEachAnchor(html: string, visit: (href: string | undefined) => void): void {
  sanitizeHtml(html, options(visit));
}
