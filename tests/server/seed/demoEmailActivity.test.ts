import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { NEWCOMER_EMAILS } from '../../../server/seed/newcomerEmails.ts';
import { activityEnd } from '../../../server/seed/seedEmailActivity.ts';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.ts';
import { A, post } from '../workflowTestKit.ts';

/** The demo organisation's three months of email activity, as the seed leaves it (on both databases). */
let t: TestApp;
let seededAt: Date;

beforeAll(async () => {
  t = await createTestApp();
  const progress = await t.database.db
    .selectFrom('analytics_progress')
    .select('updated_at')
    .executeTakeFirstOrThrow();
  seededAt = new Date(progress.updated_at);
});
afterAll(async () => {
  await t?.close();
});

const n = (value: unknown) => Number(value ?? 0);
const DAY_MS = 86_400_000;

describe('the demo email activity', () => {
  it('covers the three months before the day of seeding, nothing later', async () => {
    const { rows } = await sql<{ first: Date; last: Date }>`
      select min(occurred_at) as first, max(occurred_at) as last from email_event
      where org_id = ${DEMO_IDS.mainOrgId}`.execute(t.database.db);
    const end = activityEnd(seededAt).getTime();
    const first = new Date(rows[0]?.first ?? 0).getTime();
    const last = new Date(rows[0]?.last ?? 0).getTime();
    expect(last).toBeLessThan(end);
    expect(last).toBeGreaterThan(end - 2 * DAY_MS);
    expect(first).toBeGreaterThanOrEqual(end - 90 * DAY_MS);
    expect(first).toBeLessThan(end - 80 * DAY_MS);
  });

  it('has the rates of a real mailing programme on the dashboard over the last quarter', async () => {
    const session = await signIn(t.app);
    const response = await post(t.app, session, `${A}analytics_dashboard/`, {});
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data.stats;
    expect(stats.sent).toBeGreaterThan(10_000);
    expect(stats.delivered / stats.sent).toBeGreaterThanOrEqual(0.97);
    expect(stats.delivered / stats.sent).toBeLessThanOrEqual(0.99);
    expect(stats.unique_opens / stats.delivered).toBeGreaterThanOrEqual(0.2);
    expect(stats.unique_opens / stats.delivered).toBeLessThanOrEqual(0.45);
    expect(stats.opens).toBeGreaterThan(stats.unique_opens);
    expect(stats.unique_clicks / stats.delivered).toBeGreaterThanOrEqual(0.02);
    expect(stats.unique_clicks / stats.delivered).toBeLessThanOrEqual(0.08);
    expect(stats.clicks).toBeGreaterThan(stats.unique_clicks);
    expect(stats.bounced).toBeGreaterThan(0);
    expect(stats.bounced / stats.sent).toBeLessThan(0.01);
    expect(stats.unsubscribed).toBeGreaterThan(0);
    expect(stats.unsubscribed / stats.sent).toBeLessThan(0.005);
  });

  it('sends on weekdays and reads less at weekends', async () => {
    const { rows } = await sql<{ weekend: boolean; days: number; sent: number; opened: number }>`
      select extract(isodow from day) >= 6 as weekend, count(distinct day) as days, sum(sent) as sent,
        sum(opened) as opened
      from analytics_day_totals where org_id = ${DEMO_IDS.mainOrgId} and not is_test group by 1`.execute(
      t.database.db,
    );
    const perDay = (weekend: boolean, key: 'sent' | 'opened') => {
      const row = rows.find((r) => r.weekend === weekend);
      return n(row?.[key]) / Math.max(1, n(row?.days));
    };
    expect(perDay(true, 'sent')).toBeLessThan(perDay(false, 'sent') / 5);
    expect(perDay(true, 'opened')).toBeLessThan(perDay(false, 'opened') / 2);
    expect(perDay(true, 'opened')).toBeGreaterThan(0);
  });

  it('sends the campaign emails as editions, digests as curated issues whose article clicks are counted', async () => {
    const db = t.database.db;
    const editions = await db
      .selectFrom('email_versions as v')
      .innerJoin('emails as e', 'e.id', 'v.email_id')
      .select(['v.id', 'v.email_id', 'v.html', 'e.org_id', 'e.design_ready'])
      .where('v.status', '=', 'sent')
      .execute();
    expect(editions.length).toBeGreaterThan(15);
    expect(editions.every((v) => v.org_id === DEMO_IDS.mainOrgId && v.design_ready)).toBe(true);
    const newcomer: number[] = [NEWCOMER_EMAILS.welcome.id, NEWCOMER_EMAILS.guide.id];
    expect(editions.some((v) => newcomer.includes(v.email_id))).toBe(false);
    // Every click of an edition is on a link of that edition's html; a curated article's click names it.
    const clicks = await db
      .selectFrom('email_event')
      .select(['version_id', 'link', 'article_id'])
      .where('kind', '=', 'clicked')
      .where('version_id', 'is not', null)
      .execute();
    const hrefs = new Map(
      editions.map((v) => [
        v.id,
        new Set(
          [...(v.html ?? '').matchAll(/href=["']([^"']+)["']/g)].map((m) => m[1]?.replaceAll('&amp;', '&')),
        ),
      ]),
    );
    expect(clicks.length).toBeGreaterThan(100);
    expect(clicks.filter((c) => !hrefs.get(c.version_id ?? 0)?.has(c.link ?? ''))).toEqual([]);
    const curated = await db.selectFrom('edition_articles').select(['version_id', 'article_id']).execute();
    expect(curated.length).toBeGreaterThan(10);
    const articleClicks = clicks.filter((c) => c.article_id !== null);
    expect(articleClicks.length).toBeGreaterThan(20);
    expect(
      articleClicks.every((c) =>
        curated.some((a) => a.version_id === c.version_id && a.article_id === c.article_id),
      ),
    ).toBe(true);
    const content = await sql<{ articles: number }>`
      select count(distinct article_id) as articles from analytics_article_contact
      where org_id = ${DEMO_IDS.mainOrgId}`.execute(db);
    expect(n(content.rows[0]?.articles)).toBeGreaterThan(10);
  });

  it('differs between emails, keeps each contact’s account and gives every live workflow its sends', async () => {
    const db = t.database.db;
    const rates = await sql<{ email_id: number; rate: number }>`
      select email_id, sum(unique_opens)::float / nullif(sum(delivered), 0) as rate from analytics_day_totals
      where org_id = ${DEMO_IDS.mainOrgId} and workflow_id is null group by email_id`.execute(db);
    const values = rates.rows.map((r) => n(r.rate));
    expect(values.length).toBeGreaterThan(10);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0.08);
    const accounts = await sql<{ wrong: number }>`
      select count(*) as wrong from email_event e join contacts c on c.id = e.contact_id
      where e.account_id is distinct from c.account_id`.execute(db);
    expect(n(accounts.rows[0]?.wrong)).toBe(0);
    const workflows = await sql<{ id: number; sent: number }>`
      select w.id, count(e.id) filter (where e.kind = 'sent') as sent from workflow w
      left join email_event e on e.workflow_id = w.id where w.status <> 'draft' group by w.id`.execute(db);
    expect(workflows.rows.length).toBeGreaterThan(5);
    expect(workflows.rows.every((w) => n(w.sent) > 0)).toBe(true);
  });
});
