import { decodeHtmlEntities } from './decodeHtmlEntities.ts';

/** A piece of highlighted text: plain, or a matched word. */
export type HighlightSegment = { text: string; marked: boolean };

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
    else if (part !== '') segments.push({ text: decodeHtmlEntities(part), marked });
  }
  return segments;
}
