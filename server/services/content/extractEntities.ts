/** Capitalised words that start a sentence or a heading rather than a name. */
const LEADING = new Set(
  'A An The This That These Those In On At For From With By Of And But Or How Why What When Where Who New Inside After Before As Is Are Was Will Can Could Should Would Our Your Their Its His Her We You They It Meet Why Here There'.split(
    ' ',
  ),
);
const JOINERS = new Set(['of', '&', 'de', 'for', 'la', 'van', 'von']);
const WORD = /^[\p{Lu}][\p{L}\p{N}&'’.-]*$/u;
export const MAX_ENTITIES = 20;

/**
 * Named things in a text, kept simple: runs of two or more capitalised words ("Aurora Labs", "Bank of
 * Lisbon"; small joining words such as "of" and "&" may sit inside a run; "and" ends one), without a leading word
 * that only starts a sentence ("The", "How"). Returns the names as written, each once, at most
 * MAX_ENTITIES. Matched later against an organisation's account names (entityKeys).
 */
export function extractEntities(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const sentence of text.split(/[.!?;:,()[\]"“”|–—]+|\s-\s/u)) {
      const words = sentence.split(/\s+/).filter(Boolean);
      let run: string[] = [];
      const flush = () => {
        while (run.length > 0 && (LEADING.has(run[0] as string) || JOINERS.has(run[0] as string)))
          run.shift();
        while (run.length > 0 && JOINERS.has(run[run.length - 1] as string)) run.pop();
        if (run.length >= 2) found.add(run.join(' ').replace(/['’]s$/, ''));
        run = [];
      };
      for (const word of words) {
        if (WORD.test(word)) run.push(word);
        else if (run.length > 0 && JOINERS.has(word)) run.push(word);
        else flush();
      }
      flush();
      if (found.size >= MAX_ENTITIES) break;
    }
  }
  return [...found].slice(0, MAX_ENTITIES);
}

/**
 * The lower-cased keys an article is found by for the accounts tab: each entity and every run of two or
 * more of its words ("aurora labs group" also gives "aurora labs" and "labs group"), so an account named
 * by part of a longer name still matches.
 */
export function entityKeys(entities: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const entity of entities) {
    const words = entity.toLowerCase().split(/\s+/);
    for (let from = 0; from < words.length; from += 1) {
      for (let to = from + 2; to <= words.length; to += 1) keys.add(words.slice(from, to).join(' '));
    }
  }
  return [...keys].slice(0, MAX_ENTITIES * 4);
}
