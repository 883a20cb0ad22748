/** A piece of highlighted text: plain, or a matched word. */
export type HighlightSegment = { text: string; marked: boolean };

const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|#39);/gi;

function decode(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos' || lower === '#39') return "'";
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The server's highlighted text (HTML-escaped text whose only tags are <mark> and </mark>) as plain
 * segments, so the screen renders text nodes and <mark> elements, never HTML. Any other '<' left in the
 * text stays text.
 */
export function highlightSegments(html: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let marked = false;
  for (const part of html.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '') segments.push({ text: decode(part), marked });
  }
  return segments;
}
