import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import { queueMarketingEmail } from '../../../server/services/delivery/queueMarketingEmail.ts';
import type { TestApp } from '../../helpers/testApp.ts';
import { demoMaterial } from '../delivery/deliveryTestKit.ts';

export const SITE = 'https://www.acme-site.test';
export const OTHER_SITE = 'https://harbor-site.test';

/** The tracking id of an organisation. */
export async function trackingIdOf(db: Kysely<Database>, orgId: number): Promise<string> {
  const org = await db
    .selectFrom('organisations')
    .select('journey_tracking_id')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return org.journey_tracking_id;
}

/** Declares an organisation's website domains directly (the settings call has its own tests). */
export async function declareDomains(db: Kysely<Database>, orgId: number, domains: string[]): Promise<void> {
  await db.deleteFrom('journey_domain').where('org_id', '=', orgId).execute();
  if (domains.length > 0)
    await db
      .insertInto('journey_domain')
      .values(domains.map((domain) => ({ org_id: orgId, domain })))
      .execute();
}

let nextEvent = 0;
/** A fresh event id. */
export function eventId(): string {
  nextEvent += 1;
  return `event-${process.pid}-${nextEvent}`;
}

export type ViewBody = {
  tid: string;
  vid: string;
  eid: string;
  type: 'page_view';
  url: string;
  title: string;
  referrer: string;
};

export const view = (tid: string, vid: string, url: string, referrer = ''): ViewBody => ({
  tid,
  vid,
  eid: eventId(),
  type: 'page_view',
  url,
  title: 'A page',
  referrer,
});

/** Posts a body to a public journey call from a page of `origin` (as a browser would). */
export function postFrom(
  app: FastifyInstance,
  call: 'collect' | 'identify',
  origin: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/journey/${call}/`,
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
      ...(origin ? { origin } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The stored page views of a visitor key (after the collector has committed). */
export async function viewsOf(t: TestApp, orgId: number, visitorKey: string) {
  await t.app.pageViews.drain();
  return t.database.db
    .selectFrom('page_view as p')
    .innerJoin('journey_visitor as v', 'v.id', 'p.visitor_id')
    .select([
      'p.url',
      'p.path',
      'p.source',
      'p.contact_id',
      'p.utm_source',
      'p.utm_medium',
      'p.utm_campaign',
      'p.referrer_host',
    ])
    .where('p.org_id', '=', orgId)
    .where('v.visitor_key', '=', visitorKey)
    .orderBy('p.id')
    .execute();
}

/** A delivered send of the organisation's first demo email to one of its contacts, whose one link is `link`. */
export async function deliveredSendTo(t: TestApp, orgId: number, key: string, link: string) {
  const material = await demoMaterial(t.database.db, orgId, 1);
  const contact = material.contacts[0];
  if (!contact) throw new Error('no contact');
  const { sendId } = await queueMarketingEmail(t.database.db, {
    orgId,
    contactId: contact.id,
    emailId: material.email.id,
    dedupeKey: key,
  });
  const worker = t.app.deliveryWorker;
  if (!worker) throw new Error('no delivery worker');
  await worker.deliverDue();
  const row = await t.database.db
    .updateTable('email_send')
    .set({ links: JSON.stringify([link]) })
    .where('id', '=', sendId)
    .returning(['token', 'status'])
    .executeTakeFirstOrThrow();
  if (row.status !== 'delivered') throw new Error(`send ${sendId} is ${row.status}`);
  return { token: row.token, contactId: contact.id };
}
