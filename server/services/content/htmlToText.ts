import { decodeHtmlEntities } from '../../../domain/decodeHtmlEntities.ts';

/**
 * Plain text from a feed's HTML (a description or content): scripts and styles dropped, tags removed,
 * entities decoded, white space collapsed to single spaces, cut at maxLength characters.
 */
export function htmlToText(html: string, maxLength = 20_000): string {
  const text = decodeHtmlEntities(
    html
      .replace(/<(script|style|noscript)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
