import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /campaigns/editionedit: an edition's steps. */
export const editionsTour: TourDefinition = {
  key: 'editions',
  name: 'Editions',
  matches: (pathname) => trimmedPath(pathname) === '/campaigns/editionedit',
  startPath: null,
  steps: [
    {
      target: 'main a[href*="/campaigns/editionedit/design"]',
      title: 'Design the edition',
      body: 'Lay out the email: its blocks, its articles and its look. Your changes are saved as you work.',
    },
    {
      target: 'main a[href*="/campaigns/editionedit/publish"]',
      title: 'Publish it',
      body: 'Choose the sender, the subject and the audience, check it with a test send, then send it now or later.',
    },
  ],
};
