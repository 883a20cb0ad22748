import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /automation: the workflows list. */
export const automationTour: TourDefinition = {
  key: 'automation',
  name: 'Automation',
  matches: (pathname) => trimmedPath(pathname) === '/automation',
  startPath: '/automation',
  steps: [
    {
      target: 'main a[href="/automation/create"]',
      title: 'Create a workflow',
      body: 'A workflow sends the right email when a contact does something: opens, clicks, fills a form or joins a list.',
    },
    {
      target: 'main [data-testid="workflow-total"]',
      title: 'Your workflows at a glance',
      body: 'How many workflows there are and how many are running now.',
    },
    {
      target: 'main .ui-toggle-group__option',
      title: 'Active or paused',
      body: 'Show every workflow, only the active ones or only the inactive ones; the search finds one by name.',
    },
    {
      target: 'main .automation-name-cell__link',
      title: 'Open a workflow',
      body: 'Open one to build its steps, see who is enrolled and how its emails do.',
    },
  ],
};
