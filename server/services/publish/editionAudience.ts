import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';
import { noMarketingConsent } from '../../db/noMarketingConsent.ts';

export type EditionAudience = { orgId: number; listIds: readonly number[]; contactIds: readonly number[] };

export type RecipientsCount = {
  /** Who a send would reach: subscribed, not unsubscribed from all, marketing consent given. */
  count: number;
  /** The chosen people a send leaves out, by why. */
  excluded: { unsubscribed: number; bounced: number; no_consent: number };
};

/**
 * The people of an audience, each once: members of the chosen lists and the chosen contacts, all of the
 * organisation (a foreign list or contact adds nobody).
 */
export function chosenContacts(db: Db, audience: EditionAudience) {
  const listIds = audience.listIds.length > 0 ? [...audience.listIds] : [0];
  const contactIds = audience.contactIds.length > 0 ? [...audience.contactIds] : [0];
  return db
    .selectFrom('contacts as c')
    .where('c.org_id', '=', audience.orgId)
    .where((eb) =>
      eb.or([
        eb('c.id', 'in', contactIds),
        eb.exists(
          eb
            .selectFrom('list_contacts as lc')
            .innerJoin('contact_lists as l', 'l.id', 'lc.list_id')
            .select('lc.contact_id')
            .whereRef('lc.contact_id', '=', 'c.id')
            .where('lc.list_id', 'in', listIds)
            .where('l.org_id', '=', audience.orgId),
        ),
      ]),
    );
}

/**
 * The people of an audience a send reaches (chosenContacts narrowed): subscribed and with marketing
 * consent. Unsubscribed and Hard Bounce contacts never get a campaign email, whatever list they are on.
 */
export function reachableContacts(db: Db, audience: EditionAudience) {
  return chosenContacts(db, audience)
    .where('c.status', '=', 'Subscribed')
    .where(sql<boolean>`not ${noMarketingConsent}`);
}

/**
 * The contacts a send of this audience goes to (reachableContacts), in id order after `afterId`, at most
 * `limit`.
 */
export async function nextRecipients(
  db: Db,
  audience: EditionAudience,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await reachableContacts(db, audience)
    .select('c.id')
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** recipients_count/: who a send would reach and who it leaves out. */
export async function countRecipients(db: Db, audience: EditionAudience): Promise<RecipientsCount> {
  if (audience.listIds.length === 0 && audience.contactIds.length === 0) {
    return { count: 0, excluded: { unsubscribed: 0, bounced: 0, no_consent: 0 } };
  }
  const row = await chosenContacts(db, audience)
    .select([
      sql<string>`count(*) filter (where c.status = 'Subscribed' and not ${noMarketingConsent})`.as('count'),
      sql<string>`count(*) filter (where c.status = 'Unsubscribed')`.as('unsubscribed'),
      sql<string>`count(*) filter (where c.status = 'Hard Bounce')`.as('bounced'),
      sql<string>`count(*) filter (where c.status = 'Subscribed' and ${noMarketingConsent})`.as('no_consent'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    excluded: {
      unsubscribed: Number(row.unsubscribed),
      bounced: Number(row.bounced),
      no_consent: Number(row.no_consent),
    },
  };
}
