import { DEMO_IDS } from './demoIds.ts';

/** An email of the newcomer's demo workflow ("Welcome journey (try me)"), with its own html. */
export type NewcomerEmail = {
  id: number;
  name: string;
  subject: string;
  /** Days before SEED_NOW it was created (older than the onboarding campaign's newest emails). */
  createdDaysAgo: number;
  html: string;
};

const SITE = 'https://northwind-demo.test';

function page(heading: string, intro: string, links: readonly (readonly [href: string, text: string])[]) {
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif">',
    `<h1>${heading}</h1>`,
    `<p>Hello {{first_name}}, ${intro}</p>`,
    ...links.map(([href, text]) => `<p><a href="${SITE}/${href}">${text}</a></p>`),
    '<p>The Northwind team</p>',
    '</body></html>',
  ].join('');
}

/**
 * The two design-ready emails of the Customer Onboarding campaign that the newcomer's workflow uses:
 * opening "Welcome to Northwind" (sent from the demo mailbox) starts the workflow, which sends "Getting
 * started guide" and then checks whether the contact clicked one of its two links. Appended after the
 * campaigns' generated emails, so no other demo email changes id.
 */
export const NEWCOMER_EMAILS = {
  welcome: {
    id: DEMO_IDS.welcomeEmailId,
    name: 'Welcome to Northwind',
    subject: 'Your Northwind workspace is ready',
    createdDaysAgo: 86,
    html: page('Your Northwind workspace is ready', 'thanks for joining Northwind Analytics.', [
      ['workspace', 'Open your workspace'],
      ['help', 'Visit the help centre'],
    ]),
  },
  guide: {
    id: DEMO_IDS.guideEmailId,
    name: 'Getting started guide',
    subject: 'Two steps to your first dashboard',
    createdDaysAgo: 85,
    html: page('Two steps to your first dashboard', 'here is how to get going in ten minutes.', [
      ['guides/connect-data', 'Connect your first data source'],
      ['guides/first-dashboard', 'Build your first dashboard'],
    ]),
  },
} as const satisfies Record<string, NewcomerEmail>;
