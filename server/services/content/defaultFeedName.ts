/** The name a feed added without one gets: its host without `www.`, until its first read gives its title. */
export function defaultFeedName(feedUrl: string): string {
  try {
    return new URL(feedUrl).hostname.replace(/^www\./, '');
  } catch {
    return feedUrl;
  }
}
