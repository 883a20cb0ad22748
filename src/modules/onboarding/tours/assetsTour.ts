import { type TourDefinition, trimmedPath } from './TourDefinition.ts';

/** /campaigns/editionedit/design: the email designer, where an email's design is made. */
export const assetsTour: TourDefinition = {
  key: 'assets',
  name: 'Email designer',
  matches: (pathname) => trimmedPath(pathname) === '/campaigns/editionedit/design',
  startPath: null,
  steps: [
    {
      target: 'main nav[aria-label="Blocks"]',
      title: 'Add blocks',
      body: 'Headers, text, images, buttons, articles and a footer: each goes into the email where you choose.',
    },
    {
      target: 'main section[aria-label="Email canvas"] [data-testid="canvas-block"]',
      title: 'Write in place',
      body: 'Click a block to edit its text and settings. Alt+Up and Alt+Down move the selected block.',
    },
    {
      target: 'main [role="tablist"][aria-label="Designer views"]',
      title: 'Preview before you send',
      body: 'See the email as recipients will, and the plain-text version mail programs show instead.',
    },
    {
      target: 'main [data-testid="draft-status"]',
      title: 'Saved as you go',
      body: 'Every change is kept in this browser at once and saved to your workspace; this says where it stands.',
    },
  ],
};
