import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /campaigns/campaign?campaign_id=…: one campaign, its emails and their editions. */
export const campaignsAndEmailsTour: TourDefinition = {
  key: 'campaigns_and_emails',
  name: 'Campaign emails',
  matches: (pathname) => trimmedPath(pathname) === '/campaigns/campaign',
  startPath: null,
  steps: [
    {
      target: 'main .ui-page-header__actions',
      title: 'Add an email',
      body: 'New email adds an email to this campaign; you can also rename the campaign here.',
    },
    {
      target: 'main section[aria-label="Content sources"]',
      title: 'Where its articles come from',
      body: 'The sources the campaign draws its articles from. Find articles for this campaign opens the content explorer with them.',
    },
    {
      target: 'main [role="tablist"][aria-label="Emails by edition state"]',
      title: 'Drafts, sent and scheduled',
      body: 'The emails sorted by where their editions stand: drafts to finish, sent, test sends and scheduled.',
    },
    {
      target: 'main [data-testid="email-card"] .summary-card__name',
      title: 'An email and its editions',
      body: 'Each email lists its editions. Design one, then publish it to its audience.',
    },
  ],
};
