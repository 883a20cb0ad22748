import { escapeHtml } from '../../../lib/escapeHtml.ts';

/**
 * The rich text a design holds (text blocks, header titles, footers) reduced to the subset the designer
 * writes: p, h1-h3, strong/b, em/i, u, s, a[href], ul/ol/li, br. Every other tag is dropped (its text kept;
 * script, style and similar elements lose their content too), every attribute but a link's href is dropped,
 * a link's href must be http(s), mailto or tel, text is escaped, and open elements are closed in order.
 * Merge fields ({{first_name|there}}) are plain text and pass through.
 */

const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'br',
]);
const VOID = new Set(['br']);
/** Elements whose content is never shown. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'noscript',
  'title',
  'head',
]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s/>"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>|<[!?][^>]*>?/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

/** Text for HTML: <, >, quotes escaped; & kept only where it starts a character reference. */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"') out += '&quot;';
    else if (c === '&') out += ENTITY.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else out += c;
  }
  return out;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d{1,7});/g, (_, code: string) => safeCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => safeCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** A link target a design may use: http(s), mailto or tel, else null. */
export function safeHref(raw: string): string | null {
  // Control characters and spaces inside a scheme are how "java\tscript:" slips through: they go first.
  const value = [...decodeEntities(raw)]
    .filter((char) => char > '\u001f' && char !== '\u007f')
    .join('')
    .trim();
  if (value === '' || value === '#') return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  return null;
}

/** The href attribute of a tag's attribute text (undefined when it has none). */
export function hrefOf(attributes: string): string | undefined {
  const match = HREF.exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** Calls back with the href of every <a> in the HTML (undefined: an <a> without one). */
export function forEachAnchor(html: string, visit: (href: string | undefined) => void): void {
  for (const match of html.matchAll(TOKEN)) {
    if (match[1] === '' && match[2]?.toLowerCase() === 'a') visit(hrefOf(match[3] ?? ''));
  }
}

export function sanitiseRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  /** The element whose content is skipped, while inside one. */
  let skipping: string | null = null;
  let last = 0;
  /** Whether the <a> on the stack at each depth was written (an <a> without a usable href is not). */
  const anchorWritten: boolean[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (skipping === null) out += escapeText(html.slice(last, index));
    last = index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (name === undefined) continue; // a comment, doctype or processing instruction
    const closing = match[1] === '/';
    if (skipping !== null) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) skipping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    const tag = name === 'b' ? 'strong' : name === 'i' ? 'em' : name;
    if (VOID.has(tag)) {
      if (!closing) out += '<br>';
      continue;
    }
    if (!closing) {
      if (tag === 'a') {
        const href = safeHref(hrefOf(match[3] ?? '') ?? '');
        anchorWritten.push(href !== null);
        if (href !== null) out += `<a href="${escapeHtml(href)}">`;
      } else out += `<${tag}>`;
      open.push(tag);
      continue;
    }
    const at = open.lastIndexOf(tag);
    if (at < 0) continue; // a closing tag with nothing open to close
    while (open.length > at) {
      const inner = open.pop() as string;
      if (inner === 'a') {
        if (anchorWritten.pop()) out += '</a>';
      } else out += `</${inner}>`;
    }
  }
  if (skipping === null) out += escapeText(html.slice(last));
  while (open.length > 0) {
    const inner = open.pop() as string;
    if (inner === 'a') {
      if (anchorWritten.pop()) out += '</a>';
    } else out += `</${inner}>`;
  }
  return out;
}
