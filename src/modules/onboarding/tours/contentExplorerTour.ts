import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /content/{tab}: the content explorer, where articles are found and curated into emails. */
export const contentExplorerTour: TourDefinition = {
  key: 'content_explorer',
  name: 'Content explorer',
  matches: (pathname) => trimmedPath(pathname).startsWith('/content/'),
  startPath: '/content/search',
  steps: [
    {
      target: 'main nav[aria-label="Content tabs"]',
      title: 'Ways to find articles',
      body: 'Explore topics, search everything, or go back to your favourites, your accounts’ news and what you sent before.',
    },
    {
      target: 'main input[type="search"]',
      title: 'Search the articles',
      body: 'Type a company, a topic or a phrase. Advanced search narrows it to sources and keywords.',
    },
    {
      target: 'main .article-card__check',
      title: 'Pick articles for an email',
      body: 'Tick the articles worth sharing, then add them to a draft email in one go.',
    },
    {
      target: 'main .article-card__star',
      title: 'Keep favourites',
      body: 'The star keeps an article in Favourites for a later email.',
    },
  ],
};
