import type { ContentTab } from '../../../domain/contentArticles.ts';

/** The explorer's tabs in order, with their labels. */
export const CONTENT_TAB_LABELS: readonly { tab: ContentTab; label: string }[] = [
  { tab: 'explorer', label: 'Explorer' },
  { tab: 'search', label: 'Search' },
  { tab: 'favorites', label: 'Favourites' },
  { tab: 'myaccounts', label: 'My accounts' },
  { tab: 'most_engaged', label: 'Most engaged' },
  { tab: 'previously_sent', label: 'Previously sent' },
];

/** What an empty tab says. */
export const EMPTY_TAB_TEXT: Record<ContentTab, string> = {
  explorer: 'No articles in your sources yet. Add a feed, or check the advanced search.',
  search: 'No articles in your sources yet. Add a feed, or check the advanced search.',
  favorites: 'Star an article in the Explorer to keep it here.',
  myaccounts:
    'No article names one of your accounts yet: articles appear here once your contacts’ companies are in Accounts.',
  most_engaged:
    'No article has been clicked in your sent email yet: curate articles into an edition and send it.',
  previously_sent: 'No article has been sent in an edition yet: curate articles into an edition and send it.',
};

/** Where an empty tab sends the reader next: adding a feed here, or another place. */
export const EMPTY_TAB_NEXT: Record<ContentTab, 'feeds' | 'explorer' | 'accounts' | 'campaigns'> = {
  explorer: 'feeds',
  search: 'feeds',
  favorites: 'explorer',
  myaccounts: 'accounts',
  most_engaged: 'campaigns',
  previously_sent: 'campaigns',
};
