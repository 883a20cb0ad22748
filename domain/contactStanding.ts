import type { ContactStatusName } from './audiencePeople.ts';

/** What the workbench shows of a contact's standing: its status, or "No consent". */
export type ContactStanding = ContactStatusName | 'No consent';

/**
 * A Subscribed contact who has said no to marketing email (or never gave the consent a form asked for)
 * is shown as "No consent", since a campaign send leaves them out; every other contact shows its status.
 */
export function contactStanding(status: ContactStatusName, marketingConsent: boolean): ContactStanding {
  return status === 'Subscribed' && !marketingConsent ? 'No consent' : status;
}

/** Why a standing is what it is, for a tooltip or a detail line. */
export const CONTACT_STANDING_HINTS: Record<ContactStanding, string> = {
  Subscribed: 'Receives campaign email.',
  'No consent': 'Subscribed, but has not agreed to marketing email: campaign sends leave them out.',
  Unsubscribed: 'Unsubscribed: campaign sends leave them out.',
  'Hard Bounce': 'Their address bounced: campaign sends leave them out.',
};
