import type { ArticleConcept } from '../../db/schema.ts';
import { STOP_WORDS } from './stopWords.ts';

/** How many concepts an article keeps. */
export const CONCEPTS_PER_ARTICLE = 5;

/**
 * The candidate terms of a text with their counts: lower-cased words of three or more letters that are
 * not stop words, and pairs of such words side by side ("supply chain"). A word of the title counts
 * twice; a pair counts once wherever it is.
 */
export function termCounts(title: string, text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string, by: number) => counts.set(term, (counts.get(term) ?? 0) + by);
  for (const [part, weight] of [
    [title, 2],
    [text, 1],
  ] as const) {
    // Pairs never cross a stop word or punctuation.
    let previous: string | null = null;
    for (const raw of part.toLowerCase().split(/(\s+|[.,;:!?()[\]{}"“”«»/|]+)/u)) {
      const word = raw.replace(/^['’-]+|['’-]+$/g, '').replace(/['’]s$/, '');
      const isWord = /^\p{L}[\p{L}\p{N}'’-]*$/u.test(word);
      if (!isWord) {
        if (raw.trim() !== '') previous = null; // punctuation ends a pair
        continue;
      }
      if (word.length < 3 || STOP_WORDS.has(word)) {
        previous = null;
        continue;
      }
      add(word, weight);
      if (previous) add(`${previous} ${word}`, 1);
      previous = word;
    }
  }
  return counts;
}

/**
 * TF-IDF concepts of one article: each term's share of the article's terms times log(1 + N / df), where
 * N is the number of articles in the pool and df the number holding the term. The best terms win; a
 * pair (scored 1.2 times) takes the place of its words, and no two concepts share a word of a pair. Relevance is the score over the best one's,
 * rounded to two decimals (the first concept is 1).
 */
export function extractConcepts(
  counts: ReadonlyMap<string, number>,
  documentFrequency: (term: string) => number,
  poolSize: number,
  limit = CONCEPTS_PER_ARTICLE,
): ArticleConcept[] {
  let total = 0;
  for (const [term, count] of counts) if (!term.includes(' ')) total += count;
  if (total === 0) return [];
  const scored = [...counts]
    // A pair seen once is chance; a pair seen twice or more is a phrase.
    .filter(([term, count]) => !term.includes(' ') || count >= 2)
    .map(([term, count]) => {
      const df = Math.max(1, documentFrequency(term));
      const pairBonus = term.includes(' ') ? 1.2 : 1;
      return { term, score: (count / total) * Math.log(1 + Math.max(poolSize, df) / df) * pairBonus };
    })
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term));
  let chosen: { term: string; score: number }[] = [];
  const inPairs = new Set<string>();
  for (const candidate of scored) {
    if (chosen.length >= limit) break;
    const words = candidate.term.split(' ');
    if (words.some((word) => inPairs.has(word))) continue; // no two concepts share a word of a pair
    if (words.length > 1) {
      // A pair takes the place of its words chosen before it ("aurora", "labs" -> "aurora labs").
      chosen = chosen.filter((c) => !words.includes(c.term));
      for (const word of words) inPairs.add(word);
    }
    chosen.push(candidate);
  }
  chosen.sort((a, b) => b.score - a.score || a.term.localeCompare(b.term));
  const best = chosen[0]?.score ?? 0;
  if (best <= 0) return [];
  return chosen.map(({ term, score }) => ({ name: term, relevance: Math.round((score / best) * 100) / 100 }));
}
