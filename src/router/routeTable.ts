import { linkOptions } from '@tanstack/react-router';

/**
 * The router's table for the modules: the one file of src/router a module may import (paths, link options,
 * the notices of the sign-in page). Routes, guards and search parsing stay internal to the router.
 */

/** Where a signed-in person lands by default. */
export const HOME_PATH = '/campaigns';

/** Where a first sign-in lands: the welcome page, with the first steps and their tours. */
export const WELCOME_PATH = '/welcome';

/**
 * Where a sign-in goes when no page asked for it: the welcome page on the user's first visit of the
 * workbench (first_login_workbench), else the campaigns.
 */
export function signInLanding(user: { first_login_workbench: boolean }): string {
  return user.first_login_workbench ? WELCOME_PATH : HOME_PATH;
}

/** Notes the sign-in page can show, passed as ?notice=. */
export type SignInNotice = 'signed-out' | 'session-ended' | 'password-reset';

/**
 * Links to the top of each area. The optional path params are cleared explicitly: the router merges the
 * current page's params into a link's, so a bare link from /campaigns/editionedit would keep "editionedit".
 */
const none = { page: undefined, tab: undefined, subTab: undefined };

export const areaLinks = {
  content: linkOptions({ to: '/content/$tab', params: { tab: 'explorer' } }),
  campaigns: linkOptions({ to: '/campaigns/{-$page}/{-$tab}/{-$subTab}', params: none }),
  audiences: linkOptions({ to: '/audiences/{-$page}/{-$tab}/{-$subTab}', params: none }),
  analytics: linkOptions({ to: '/analytics/{-$page}/{-$tab}', params: { page: undefined, tab: undefined } }),
  automation: linkOptions({ to: '/automation' }),
  buyerJourney: linkOptions({ to: '/buyer-journey/{-$tab}', params: { tab: undefined } }),
  mailbox: linkOptions({ to: '/mailbox' }),
  settings: linkOptions({ to: '/settings/{-$page}/{-$tab}', params: { page: undefined, tab: undefined } }),
  /** The CSV import into a list (Audiences › Lists › Import contacts). */
  importContacts: linkOptions({
    to: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    params: { page: 'lists', tab: 'import', subTab: undefined },
  }),
};

/** Settings › Sender addresses, where From addresses are added (the publish step and its link page point here). */
export const senderAddressesLink = linkOptions({
  to: '/settings/{-$page}/{-$tab}',
  params: { page: 'sender_addresses', tab: undefined },
});
