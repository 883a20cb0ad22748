import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /createcampaign: a new campaign, its name and the audience it is for. */
export const campaignAudienceTour: TourDefinition = {
  key: 'campaign_audience',
  name: 'Campaign audience',
  matches: (pathname) => trimmedPath(pathname) === '/createcampaign',
  startPath: '/createcampaign',
  steps: [
    {
      target: 'main form[aria-label="New campaign"] input',
      title: 'Name the campaign',
      body: 'A name your team recognises; keywords help find articles for it.',
    },
    {
      target: 'main form[aria-label="New campaign"] fieldset.option-picker legend',
      title: 'Choose its audience',
      body: 'Pick whole lists, single contacts, or both. Everyone chosen receives the campaign’s emails, unless they opted out.',
    },
    {
      target: 'main form[aria-label="New campaign"] .campaign-form__sources legend',
      title: 'Choose its content sources',
      body: 'Where the campaign’s articles come from: every source, or only the ones you pick.',
    },
  ],
};
