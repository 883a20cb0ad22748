import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShareProfileConfig } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { createDefaultTeam } from '../audience/createDefaultTeam.ts';

/** Every starter's name begins with this, so nobody mistakes it for their own work. */
export const STARTER_PREFIX = 'Starter: ';

/** The starter emails of a new organisation: name, subject and a short body. */
export const STARTER_EMAILS = [
  {
    name: `${STARTER_PREFIX}Welcome`,
    subject: 'Welcome aboard',
    heading: 'Welcome aboard',
    body: 'thanks for signing up. Here is where to start.',
    link: ['getting-started', 'Get started'],
  },
  {
    name: `${STARTER_PREFIX}Follow-up`,
    subject: 'A quick follow-up',
    heading: 'A quick follow-up',
    body: 'we wanted to check in and see how things are going.',
    link: ['help', 'Visit the help centre'],
  },
  {
    name: `${STARTER_PREFIX}Newsletter`,
    subject: 'This month’s news',
    heading: 'This month’s news',
    body: 'here is what is new this month.',
    link: ['news', 'Read the news'],
  },
] as const;

export const STARTER_LIST_NAME = `${STARTER_PREFIX}Contacts`;
export const STARTER_SHARE_PROFILE_NAME = `${STARTER_PREFIX}Share profile`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function starterHtml(email: (typeof STARTER_EMAILS)[number], organisationName: string): string {
  const [href, text] = email.link;
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif">',
    `<h1>${escapeHtml(email.heading)}</h1>`,
    `<p>Hello {{first_name}}, ${escapeHtml(email.body)}</p>`,
    `<p><a href="https://example.com/${href}">${escapeHtml(text)}</a></p>`,
    `<p>${escapeHtml(organisationName)}</p>`,
    '</body></html>',
  ].join('');
}

/**
 * What a new organisation starts with, so that every workflow trigger can be tried before campaigns
 * exist: three design-ready starter emails (in the same emails table campaigns and workflows use), a
 * starter contact list (empty) and a starter share profile, and its default sales team (the owner in it). Each is named "Starter: …" and is an ordinary
 * row the organisation can edit or delete later. Runs inside the transaction that creates the organisation.
 */
export async function createStarterContent(
  trx: Kysely<Database>,
  owner: { orgId: number; userId: number; email: string; firstName: string; lastName: string },
  organisationName: string,
): Promise<void> {
  const senderName = `${owner.firstName} ${owner.lastName}`.trim() || organisationName;
  await trx
    .insertInto('emails')
    .values(
      STARTER_EMAILS.map((email) => ({
        org_id: owner.orgId,
        user_id: owner.userId,
        campaign_id: null,
        name: email.name,
        subject: email.subject,
        email_type: 1,
        design_ready: true,
        sent_from: owner.email,
        sender_name: senderName,
        thumbnail: null,
        email_platform: 'workbench',
        html: starterHtml(email, organisationName),
      })),
    )
    .execute();
  await trx
    .insertInto('contact_lists')
    .values({ org_id: owner.orgId, user_id: owner.userId, name: STARTER_LIST_NAME, is_active: true })
    .execute();
  const config: ShareProfileConfig = {
    template: 'profile-classic',
    personalityMetrics: ['Dominant', 'Influencer', 'Steady', 'Conscientious'],
    senderName,
    sendFrom: owner.email,
    emailSubject: `${senderName} shared a profile with you`,
    replyTo: owner.email,
    // The first letter of each word (whole code points: an emoji in a name must not split into halves).
    initials: senderName
      .split(/\s+/)
      .map((word) => Array.from(word).find((ch) => /\p{L}/u.test(ch)) ?? '')
      .join('')
      .slice(0, 3),
    signature: 'full',
    sendPlatform: 'workbench',
  };
  await trx
    .insertInto('share_profile')
    .values({
      uuid: randomUUID(),
      org_id: owner.orgId,
      user_id: owner.userId,
      name: STARTER_SHARE_PROFILE_NAME,
      config: JSON.stringify(config),
    })
    .execute();
  await createDefaultTeam(trx, owner.orgId, [owner.userId]);
}
