import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import type { SeededRandom } from '../../../server/seed/seededRandom.ts';
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

/** A page view as h-jcol's collection stores it (m0060's page_view), for the scoring tests. */
export type ViewInput = {
  orgId: number;
  contactId: number | null;
  path: string;
  at: Date;
  visitorKey: string;
};

/** Stores page views (their visitors made as needed); answers their ids. */
export async function recordViews(db: Kysely<Database>, views: readonly ViewInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const view of views) {
    const { rows } = await sql<{ id: string | number }>`
      with visitor as (
        insert into journey_visitor (org_id, visitor_key, contact_id) values (${view.orgId}, ${view.visitorKey},
          ${view.contactId})
        on conflict (org_id, visitor_key) do update set last_seen = now()
        returning id
      )
      insert into page_view (org_id, visitor_id, contact_id, url, path, title, referrer, source, viewed_at,
        client_event_id)
      select ${view.orgId}, visitor.id, ${view.contactId}, ${`https://site.test${view.path}`}, ${view.path},
        ${`Page ${view.path}`}, '', 'direct', ${view.at}, ${`e${ids.length}-${view.at.getTime()}-${Math.random()}`}
      from visitor returning id`.execute(db);
    ids.push(Number(rows[0]?.id));
  }
  return ids;
}

/** Identifies anonymous page views as a contact's, as the identify call does. */
export async function identifyViews(db: Kysely<Database>, viewIds: readonly number[], contactId: number) {
  if (viewIds.length === 0) return;
  await sql`update page_view set contact_id = ${contactId} where id = any(${viewIds}::bigint[])`.execute(db);
}

/** A form of the organisation, and submissions of it. */
export async function makeForm(db: Kysely<Database>, orgId: number): Promise<number> {
  const form = await db
    .insertInto('forms')
    .values({ org_id: orgId, public_id: `f${orgId}-${Date.now()}`, name: 'Demo request', fields: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return form.id;
}

export async function recordSubmission(
  db: Kysely<Database>,
  orgId: number,
  formId: number,
  contactId: number | null,
  at: Date,
): Promise<void> {
  await db
    .insertInto('form_submissions')
    .values({ org_id: orgId, form_id: formId, contact_id: contactId, answers: '{}', created_at: at } as never)
    .execute();
}

export const PATHS = ['/', '/blog/a', '/pricing', '/pricing/teams', '/demo', '/about', '/Pricing'];

/** A random path of PATHS. */
export const randomPath = (random: SeededRandom) => random.pick(PATHS);

/** Every contact's score and stage of an organisation, and its exact score decayed to `now`, by id. */
export async function scoresOf(db: Kysely<Database>, orgId: number, now: Date, halfLifeDays: number) {
  const { rows } = await sql<{ id: number; score: number; stage: string; raw: number }>`
    select ct.id, ct.engagement_score as score, ct.buyer_stage as stage,
      coalesce(cs.score_raw * power(0.5, extract(epoch from (${now}::timestamptz - cs.score_at)) / (${halfLifeDays} * 86400.0)), 0)
        as raw
    from contacts ct left join contact_scores cs on cs.contact_id = ct.id
    where ct.org_id = ${orgId} order by ct.id`.execute(db);
  return rows.map((row) => ({ ...row, raw: Number(row.raw) }));
}

/** Every scored activity row of an organisation, as comparable lines. */
export async function pointsOf(db: Kysely<Database>, orgId: number): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select concat_ws('|', contact_id, kind, source_id, extract(epoch from at), label) as line
    from journey_points where org_id = ${orgId} order by kind, source_id`.execute(db);
  return rows.map((row) => row.line);
}
