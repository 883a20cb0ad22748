import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /campaigns: the list of campaigns. */
export const campaignsTour: TourDefinition = {
  key: 'campaigns',
  name: 'Campaigns',
  matches: (pathname) => trimmedPath(pathname) === '/campaigns',
  startPath: '/campaigns',
  steps: [
    {
      target: 'main .ui-page-header__actions a[href="/createcampaign"]',
      title: 'Start a campaign',
      body: 'A campaign groups the emails you send about one topic. Name it, choose who it is for and where its articles come from.',
    },
    {
      target: 'main .card-list-page__toolbar',
      title: 'Find a campaign',
      body: 'Search by name, or show only one type of email or the campaigns of one colleague.',
    },
    {
      target: 'main [data-testid="campaign-card"] .summary-card__name',
      title: 'Open a campaign',
      body: 'Each card shows who the campaign reached: contacts, sends, deliveries, opens and clicks. Open it to see its emails.',
    },
  ],
};
