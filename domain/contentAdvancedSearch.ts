/**
 * The advanced search of the content explorer ("advanced search"): sources to include (the
 * global pool is `global`, a feed its id; none listed: the global pool and every feed of the
 * organisation) and sources to exclude (a source of the global pool or a feed, by id), keywords to include (any) and exclude, a date
 * range (YYYY-MM-DD, empty for none).
 */
export type AdvancedSearch = {
  includeSources: string[];
  excludeSources: string[];
  includeKeywords: string[];
  excludeKeywords: string[];
  startDate: string;
  endDate: string;
};

/**
 * The default and the reset: the global pool (with the organisation's own feeds),
 * no exclusions, no keywords, all time.
 */
export const DEFAULT_ADVANCED_SEARCH: AdvancedSearch = {
  includeSources: [],
  excludeSources: [],
  includeKeywords: [],
  excludeKeywords: [],
  startDate: '',
  endDate: '',
};

/** Words typed with commas between them, trimmed, blanks and repeats dropped. */
export function keywordList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const word = part.trim().replace(/\s+/g, ' ');
    if (word !== '') seen.add(word);
  }
  return [...seen];
}

/** How many settings differ from the default (the Advanced search button's badge). */
export function advancedSearchCount(search: AdvancedSearch): number {
  return (
    (search.includeSources.length > 0 ? 1 : 0) +
    search.excludeSources.length +
    search.includeKeywords.length +
    search.excludeKeywords.length +
    (search.startDate ? 1 : 0) +
    (search.endDate ? 1 : 0)
  );
}

/**
 * A campaign's stored advanced search (campaign_details/'s advanced_search: include_sources and
 * exclude_sources as ids or 'global', include_keywords, exclude_keywords) as the explorer's advanced
 * search: what curating for that campaign starts from. Anything else in it is ignored.
 */
export function advancedSearchOfCampaign(stored: Record<string, unknown>): AdvancedSearch {
  const sources = (value: unknown) =>
    Array.isArray(value)
      ? value.filter((s) => s === 'global' || (typeof s === 'number' && s > 0)).map((s) => String(s))
      : [];
  const words = (value: unknown) =>
    Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string' && w.trim() !== '') : [];
  return {
    ...DEFAULT_ADVANCED_SEARCH,
    includeSources: sources(stored.include_sources),
    excludeSources: sources(stored.exclude_sources),
    includeKeywords: words(stored.include_keywords),
    excludeKeywords: words(stored.exclude_keywords),
  };
}
