import { type RawBuilder, sql } from 'kysely';
import { escapeHtml } from '../../lib/escapeHtml.ts';

/** What ts_headline puts around a matched word: two characters removed from the text beforehand. */
const START = '\u27e6';
const STOP = '\u27e7';

/** ts_headline's options: the whole text (titles and descriptions are short), our two markers. */
export const HIGHLIGHT_OPTIONS = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;

/** The text without the two marker characters, so only ts_headline's markers are left in its answer. */
export const stripHighlightMarkers = (column: RawBuilder<unknown>) =>
  sql<string>`translate(${column}, ${START + STOP}, '')`;

/**
 * ts_headline's answer as safe HTML: the text escaped (& < > " ' as character references), and the
 * markers of the matched words turned into <mark> and </mark>, the only tags it can hold.
 */
export function highlightHtml(marked: string): string {
  return escapeHtml(marked).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');
}
