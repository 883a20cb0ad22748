import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * The one HTML character-reference decoder (the `entities` package, which htmlparser2 and sanitize-html use):
 * every named reference of HTML, decimal and hexadecimal ones, and invalid ones (zero, surrogates, beyond
 * U+10FFFF) as U+FFFD, the way a browser reads them. `attribute` reads a value the way an attribute is read:
 * a legacy reference without its ';' followed by '=' or a letter stays as written, so a URL's `&copy=2`
 * keeps its query. Text that is not HTML (a subject's emoji references) has its own reader,
 * decodeNumericReferences.
 */
export function decodeHtmlEntities(html: string, context: 'text' | 'attribute' = 'text'): string {
  if (!html.includes('&')) return html;
  return context === 'attribute' ? decodeHTMLAttribute(html) : decodeHTML(html);
}
