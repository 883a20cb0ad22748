import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type AnalyticsFixture,
  analyticsFixture,
  articleContactLines,
  callOk,
  groupBy,
  statusOf,
  sumOf as sum,
} from './analyticsTestKit.ts';
import { recountEvents } from './recountEvents.ts';

const fixture = analyticsFixture({
  contacts: 45,
  emails: 5,
  events: 2500,
  seed: 'accounts',
  timeZone: 'Europe/Berlin',
});
const f = fixture;
type Fields = Record<string, string | number | undefined>;
const call = (path: string, fields: Fields, as?: AnalyticsFixture['session']) =>
  callOk(f().t.app, as ?? f().session, path, fields);
const code = async (path: string, fields: Fields, as?: AnalyticsFixture['session']) =>
  (await statusOf(f().t.app, as ?? f().session, path, fields)).code;
const accounts = () =>
  groupBy(
    f().real.filter((l) => l.accountId !== null),
    (l) => l.accountId as number,
  );

describe('accounts_listing/', () => {
  it('lists the accounts sent to in the period with their contacts and sums; searches; opened only', async () => {
    const answer = await call('accounts_listing/', f().range);
    expect(answer.total_records).toBe(accounts().size);
    expect(answer.total_records).toBeGreaterThan(1);
    for (const row of answer.result) {
      const rows = accounts().get(row.account_id) ?? [];
      expect(row).toMatchObject({
        contacts: new Set(rows.map((r) => r.contactId)).size,
        sent: sum(rows, 'sent'),
        opens: sum(rows, 'opened'),
        clicks: sum(rows, 'clicked'),
        unique_opens: rows.filter((r) => r.firstOpen).length,
      });
    }
    const named = answer.result[0];
    const searched = await call('accounts_listing/', {
      ...f().range,
      search_account: named.account_name.toUpperCase(),
    });
    expect(searched.result.map((r: { account_id: number }) => r.account_id)).toEqual([named.account_id]);
    const byName = await call('accounts_listing/', {
      ...f().range,
      sort_by: 'account_name',
      order_by: 'DESC',
    });
    const names = byName.result.map((r: { account_name: string }) => r.account_name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const opened = await call('accounts_listing/', { ...f().range, accounts_by_filter: 'opened' });
    expect(opened.total_records).toBe(
      [...accounts().values()].filter((rows) => sum(rows, 'opened') > 0).length,
    );
    expect(await code('accounts_listing/', { accounts_by_filter: 'bounced' })).toBe(400);
    expect(
      (await call('accounts_listing/', f().range, f().other)).result.map(
        (r: { account_id: number }) => r.account_id,
      ),
    ).not.toContain(named.account_id);
  });
});

describe("an account's engagement score", () => {
  it('is the sum of its contacts’ scores, as Audiences › Accounts shows it', async () => {
    const [accountId] = [...accounts()][0] ?? [];
    const { db } = f().t.database;
    await db
      .updateTable('contacts')
      .set({ engagement_score: sql`(id % 7) * 13 + 1` })
      .where('account_id', '=', accountId as number)
      .execute();
    const scores = await db
      .selectFrom('contacts')
      .select('engagement_score')
      .where('account_id', '=', accountId as number)
      .execute();
    expect(scores.length).toBeGreaterThan(1);
    const sum = scores.reduce((n, c) => n + c.engagement_score, 0);
    const listed = await call('accounts_listing/', { ...f().range, limit: 100 });
    const row = listed.result.find((r: { account_id: number }) => r.account_id === accountId);
    expect(row.engagement_score).toBe(sum);
    const { data } = await call('account_details/', { ...f().range, account_id: accountId as number });
    expect(data.engagement_score).toBe(sum);
  });
});

describe('the account dashboard', () => {
  it('account_details/ gives the account, its stats under the selection and its contacts', async () => {
    const [accountId, rows = []] = [...accounts()][0] ?? [];
    const { data } = await call('account_details/', {
      ...f().range,
      account_id: accountId as number,
      limit: 5,
    });
    expect(data.company_id).toBe(accountId);
    expect(data.account_stats).toMatchObject({
      total_contacts: new Set(rows.map((r) => r.contactId)).size,
      sent: sum(rows, 'sent'),
      delivered: sum(rows, 'delivered'),
      opens: sum(rows, 'opened'),
    });
    const members = [...f().world.accountOf].filter(([, a]) => a === accountId).length;
    expect(data.account_contacts.total_count).toBe(members);
    expect(data.account_contacts.data).toHaveLength(Math.min(5, members));
    expect(await code('account_details/', { account_id: accountId as number }, f().other)).toBe(404);
    expect(await code('account_details/', { account_id: '0' })).toBe(400);
  });

  it('account_email_engagement/ sums each email over the account’s contacts', async () => {
    const [accountId, rows = []] = [...accounts()][0] ?? [];
    const answer = await call('account_email_engagement/', { ...f().range, account_id: accountId as number });
    const emails = groupBy(rows, (r) => r.emailId);
    expect(answer.total_count).toBe(emails.size);
    for (const row of answer.data) {
      const lines = emails.get(row.email_id) ?? [];
      expect(row).toMatchObject({
        contacts: lines.length,
        sent: sum(lines, 'sent'),
        clicks: sum(lines, 'clicked'),
      });
    }
    expect(await code('account_email_engagement/', { account_id: accountId as number }, f().other)).toBe(404);
  });

  it('account_content_engagement/ lists the articles its contacts clicked, searchable by title', async () => {
    const [accountId, clicked = []] =
      [
        ...groupBy(
          f().articles.filter((l) => l.accountId !== null),
          (l) => l.accountId,
        ),
      ][0] ?? [];
    const answer = await call('account_content_engagement/', { account_id: accountId as number });
    const articles = groupBy(clicked, (l) => l.articleId);
    expect(answer.total_count).toBe(articles.size);
    for (const row of answer.data) {
      const lines = articles.get(row.article_id) ?? [];
      expect(row).toMatchObject({
        clicks: lines.reduce((n, l) => n + l.clicks, 0),
        clicked_by: lines.length,
      });
    }
    const title = answer.data[0].article_title as string;
    const searched = await call('account_content_engagement/', {
      account_id: accountId as number,
      search_term: title,
    });
    expect(searched.data.map((r: { article_id: number }) => r.article_id)).toContain(
      answer.data[0].article_id,
    );
    expect(await code('account_content_engagement/', { account_id: accountId as number }, f().other)).toBe(
      404,
    );
  });
});

describe('click_trends_graph/ by article', () => {
  it('follows the period’s most clicked articles bucket by bucket, each contact on its last click’s day', async () => {
    const { range, world } = f();
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: world.timeZone, dateStyle: 'short' }).format(
        new Date(iso),
      );
    const rows = f().articles.filter((l) => day(l.lastClick) >= range.start_date);
    const byArticle = [...groupBy(rows, (l) => l.articleId)]
      .map(([id, ls]) => ({ id, ls, clicks: ls.reduce((n, l) => n + l.clicks, 0) }))
      .sort((a, b) => b.clicks - a.clicks || b.id - a.id)
      .slice(0, 5);
    expect(byArticle.length).toBeGreaterThan(1);
    const { data } = await call('click_trends_graph/', range);
    expect(data.articles.map((a: { article_id: number }) => a.article_id)).toEqual(
      byArticle.map((a) => a.id),
    );
    const sumOf = (values: number[]) => values.reduce((n, v) => n + v, 0);
    for (const [i, want] of byArticle.entries()) {
      const got = data.articles[i];
      expect(got).toMatchObject({ clicks: want.clicks, clicked_by: want.ls.length });
      expect(got.daily.x_axis).toEqual(data.daily.x_axis);
      for (const level of data.levels as string[]) {
        expect(sumOf(got[level].data.total_clicks)).toBe(want.clicks);
        expect(sumOf(got[level].data.unique_clicks)).toBe(want.ls.length);
      }
      const last = want.ls[0] as (typeof want.ls)[number];
      const at = got.daily.x_axis.indexOf(day(last.lastClick));
      expect(got.daily.data.unique_clicks[at]).toBe(
        want.ls.filter((l) => day(l.lastClick) === day(last.lastClick)).length,
      );
    }
  });
});

describe('content_listing/', () => {
  it('lists the articles clicked in the period with their first five contacts by clicks and the totals', async () => {
    const answer = await call('content_listing/', { ...f().range, limit: 100 });
    const articles = groupBy(f().articles, (l) => l.articleId);
    expect(answer.total_articles_count).toBe(articles.size);
    expect(answer.total_article_score).toBe(f().articles.reduce((n, l) => n + l.clicks, 0));
    for (const row of answer.data) {
      const lines = articles.get(row.article_id) ?? [];
      expect(row.clicks).toBe(lines.reduce((n, l) => n + l.clicks, 0));
      const shown = row.clickedBy.contacts;
      expect(shown).toHaveLength(Math.min(5, lines.length));
      const counts = shown.map((c: { clickCount: number }) => c.clickCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBe(Math.max(...lines.map((l) => l.clicks)));
    }
    expect(await code('content_listing/', { sort_by: 'price' })).toBe(400);
    expect((await call('content_listing/', f().range, f().other)).total_articles_count).toBe(0);
  });
});

describe('content_listing/ narrowed to some emails', () => {
  type Kept = (event: AnalyticsFixture['stream'][number]) => boolean;
  /** The real article-and-contact rows of a recount of only the events kept (a repeat keeps its email). */
  const articlesOf = (keep: Kept) =>
    articleContactLines(
      recountEvents(f().stream.filter(keep), f().world.timeZone, f().world.accountOf).articleContacts,
    ).filter((l) => !l.isTest);
  /** What content_listing/ should answer for those rows: articles, clicks each, total clicks. */
  const expected = (lines: ReturnType<typeof articlesOf>) => {
    const byArticle = groupBy(lines, (l) => l.articleId);
    return {
      total: byArticle.size,
      score: lines.reduce((n, l) => n + l.clicks, 0),
      clicks: new Map([...byArticle].map(([id, rows]) => [id, rows.reduce((n, l) => n + l.clicks, 0)])),
      clickedBy: new Map([...byArticle].map(([id, rows]) => [id, rows.length])),
    };
  };
  const check = async (fields: Fields, keep: Kept) => {
    const want = expected(articlesOf(keep));
    const answer = await call('content_listing/', { ...f().range, limit: 100, ...fields });
    expect(answer.total_articles_count).toBe(want.total);
    expect(answer.total_article_score).toBe(want.score);
    for (const row of answer.data) {
      expect(row.clicks).toBe(want.clicks.get(row.article_id));
      expect(row.clicked_by).toBe(want.clickedBy.get(row.article_id));
      expect(row.clickedBy.contacts.length).toBe(Math.min(5, want.clickedBy.get(row.article_id) ?? 0));
    }
    return want;
  };

  it("a campaign choice counts only the clicks of that campaign's sends, repeats once", async () => {
    const campaignId = f().world.campaignIds[0] as number;
    const all = expected(f().articles);
    const want = await check(
      { campaign_ids: JSON.stringify([campaignId]) },
      (e) => e.campaignId === campaignId,
    );
    expect(want.score).toBeGreaterThan(0);
    expect(want.score).toBeLessThan(all.score);
  });

  it('an email or workflow choice counts only its clicks; no choice still counts every click', async () => {
    const emailId = f().world.emails[1]?.id as number;
    const byEmail = await check(
      { unselect_all: 1, include_emails: JSON.stringify([emailId]) },
      (e) => e.emailId === emailId,
    );
    expect(byEmail.score).toBeGreaterThan(0);
    const workflowId = f().world.workflowIds[0] as number;
    await check(
      { is_workflow: 1, all_workflows: 0, workflow_ids: JSON.stringify([workflowId]) },
      (e) => e.workflowId === workflowId,
    );
    const noChoice = await call('content_listing/', { ...f().range, limit: 100 });
    expect(noChoice.total_article_score).toBe(expected(f().articles).score);
  });
});
