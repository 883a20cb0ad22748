import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /audiences/people: the people of the audiences area. */
export const audiencesTour: TourDefinition = {
  key: 'audiences',
  name: 'Audiences',
  matches: (pathname) => {
    const path = trimmedPath(pathname);
    return path === '/audiences' || path === '/audiences/people' || path.startsWith('/audiences/people/');
  },
  startPath: '/audiences/people',
  steps: [
    {
      target: 'main nav[aria-label="Audience sections"]',
      title: 'Everyone you reach',
      body: 'People, their accounts, your lists, the forms that collect contacts, sales groups and the proof of consent.',
    },
    {
      target: 'main nav[aria-label="People tabs"]',
      title: 'Profiled or not',
      body: 'Profiled people have a personality type, so AI emails can be written for how they read.',
    },
    {
      target: 'main .ui-page-header__actions',
      title: 'Add and export people',
      body: 'Add a person by hand, import a file of contacts, or export the people shown as a CSV.',
    },
    {
      target: 'main input[type="search"]',
      title: 'Find people',
      body: 'Search by name, email or company, and filter by status, personality or buyer stage.',
    },
  ],
};
