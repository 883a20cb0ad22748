import type { Transaction } from 'kysely';
import { classifyVisit, type VisitSource } from '../../domain/journeySource.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { seededRandom } from './seededRandom.ts';

/** The demo organisation's website, declared for tracking (no seeded email links to it: they go to the bare host). */
export const DEMO_SITE_HOST = 'www.northwind-demo.test';
const SITE = `https://${DEMO_SITE_HOST}`;
const DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

const PAGES = [
  { path: '/', title: 'Northwind: marketing that knows its readers' },
  { path: '/product', title: 'Product tour' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/customers', title: 'Customer stories' },
  { path: '/blog/segmenting-by-engagement', title: 'Segmenting by engagement' },
  { path: '/blog/subject-lines-that-work', title: 'Subject lines that work' },
  { path: '/demo', title: 'Book a demo' },
  { path: '/contact', title: 'Contact us' },
] as const;

/** How visitors arrive: the landing address's query and the referrer (classified by the product's rule). */
const ARRIVALS = [
  { weight: 30, query: '', referrer: 'https://www.google.com/' },
  { weight: 6, query: '', referrer: 'https://www.bing.com/' },
  { weight: 22, query: '', referrer: '' },
  {
    weight: 10,
    query: '?utm_source=linkedin&utm_medium=social&utm_campaign=spring',
    referrer: 'https://www.linkedin.com/',
  },
  { weight: 4, query: '', referrer: 'https://t.co/' },
  { weight: 8, query: '', referrer: 'https://www.g2.com/products/northwind' },
  { weight: 5, query: '', referrer: 'https://news.ycombinator.com/' },
] as const;
const DIRECT: VisitSource = {
  source: 'direct',
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer_host: null,
};
const EMAIL_ARRIVAL = { query: '?utm_source=newsletter&utm_medium=email&utm_campaign=digest', referrer: '' };

/**
 * The demo organisation's website traffic of the three months before the seed's day, as the tracking
 * script records it: anonymous visitors arriving from search, social, other sites or directly, and some of
 * its contacts arriving from its emails (identified, so their page views count towards their scores).
 * Each visit browses one to five pages of the site. The site's domain is declared for tracking.
 */
export async function seedWebsiteVisits(trx: Transaction<Database>, end: Date): Promise<number> {
  const random = seededRandom('website-visits');
  const orgId = DEMO_IDS.mainOrgId;
  await trx.insertInto('journey_domain').values({ org_id: orgId, domain: DEMO_SITE_HOST }).execute();
  const contacts = await trx
    .selectFrom('contacts')
    .select('id')
    .where('org_id', '=', orgId)
    .where('status', '=', 'Subscribed')
    .orderBy('id')
    .limit(400)
    .execute();
  const readers = random.sample(contacts, 90);
  const weights = ARRIVALS.reduce((sum, a) => sum + a.weight, 0);
  const pickArrival = () => {
    let at = random.next() * weights;
    for (const arrival of ARRIVALS) {
      at -= arrival.weight;
      if (at < 0) return arrival;
    }
    return ARRIVALS[0];
  };
  const visitors = [
    ...Array.from({ length: 520 }, (_, i) => ({
      key: `demo-visitor-${i}`,
      contactId: null as number | null,
    })),
    ...readers.map((reader) => ({ key: `demo-reader-${reader.id}`, contactId: reader.id as number | null })),
  ];
  let views = 0;
  for (const visitor of visitors) {
    const visits = visitor.contactId === null ? random.int(1, 2) : random.int(1, 4);
    const times = Array.from(
      { length: visits },
      () => end.getTime() - random.int(60, DAYS * 24 * 60) * 60_000,
    ).sort((a, b) => a - b);
    const rows = [];
    let first: VisitSource | null = null;
    for (const [visit, startMs] of times.entries()) {
      const arrival = visitor.contactId !== null && random.chance(0.7) ? EMAIL_ARRIVAL : pickArrival();
      const landing = random.pick(PAGES);
      const landingUrl = `${SITE}${landing.path}${arrival.query}`;
      // A landing is never a page of the same site, so it is a visit of its own.
      const source = classifyVisit({ url: landingUrl, referrer: arrival.referrer }) ?? DIRECT;
      first ??= source;
      const pages = [landing, ...random.sample(PAGES, random.int(0, 4)).filter((p) => p !== landing)];
      for (const [n, page] of pages.entries()) {
        const url = n === 0 ? landingUrl : `${SITE}${page.path}`;
        rows.push({
          org_id: orgId,
          contact_id: visitor.contactId,
          url,
          path: page.path,
          title: page.title,
          referrer: n === 0 ? arrival.referrer : `${SITE}${pages[n - 1]?.path ?? '/'}`,
          referrer_host: n === 0 ? source.referrer_host : null,
          source: source.source,
          utm_source: source.utm_source,
          utm_medium: source.utm_medium,
          utm_campaign: source.utm_campaign,
          viewed_at: new Date(startMs + n * random.int(20, 180) * 1000),
          client_event_id: `seed-${visitor.key}-${visit}-${n}`,
        });
      }
    }
    if (!first) continue;
    const row = await trx
      .insertInto('journey_visitor')
      .values({
        org_id: orgId,
        visitor_key: visitor.key,
        contact_id: visitor.contactId,
        source: first.source,
        utm_source: first.utm_source,
        utm_medium: first.utm_medium,
        utm_campaign: first.utm_campaign,
        first_seen: rows[0]?.viewed_at ?? end,
        last_seen: rows.at(-1)?.viewed_at ?? end,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('page_view')
      .values(rows.map((r) => ({ ...r, visitor_id: row.id })))
      .execute();
    views += rows.length;
  }
  return views;
}
