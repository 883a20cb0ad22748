export type SearchTerm = {
  /** True when the text is empty or only white space: the search is reset, nothing is sent. */
  blank: boolean;
  /** The trimmed text ("" when blank). */
  term: string;
};

/** Blank search text (after trimming) resets the search. */
export function normaliseSearchTerm(raw: string | null | undefined): SearchTerm {
  const term = (raw ?? '').trim();
  return { blank: term === '', term };
}
