/** A like/ilike pattern that finds the term anywhere, with % _ and \ escaped so they match literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
