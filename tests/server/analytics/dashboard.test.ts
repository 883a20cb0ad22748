import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { A, post } from '../workflowTestKit.ts';
import {
  type AnalyticsWorld,
  type DayLine,
  dayLines,
  makeAnalyticsWorld,
  recordEvents,
  signInWorld,
  sumLines,
} from './analyticsTestKit.ts';
import { randomEventStream } from './eventStream.ts';
import { recountEvents } from './recountEvents.ts';

let t: TestApp;
let world: AnalyticsWorld;
let session: Session;
let other: Session;
let lines: DayLine[];
let contactLines: string[];
let today: string;
let start: string;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '0' });
  world = await makeAnalyticsWorld(t.database.db, { contacts: 60, emails: 6, timeZone: 'Asia/Kolkata' });
  const stream = randomEventStream(world, 3000, 'dashboard');
  await recordEvents(t.database.db, stream);
  await applyNewEvents(t.database.db);
  const recount = recountEvents(stream, world.timeZone, world.accountOf);
  lines = dayLines(recount.days);
  contactLines = recount.contactEmails;
  today = todayIn(world.timeZone);
  start = addDays(today, -60);
  session = await signInWorld(t.app, t.database.db, world);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

const call = async (path: string, fields: Record<string, string | number | undefined>, as = session) => {
  const response = await post(t.app, as, `${A}${path}`, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const realIn = (from: string, to: string) => (l: DayLine) => !l.isTest && l.day >= from && l.day <= to;

describe('analytics_dashboard/', () => {
  it('counts every real send of the period once, with unique opens and clicks, rates, contacts and accounts', async () => {
    const { data } = await call('analytics_dashboard/', { start_date: start, end_date: today });
    const expected = sumLines(lines, realIn(start, today));
    expect(expected.sent).toBeGreaterThan(500);
    const { stats } = data;
    expect(stats).toMatchObject(expected);
    expect(stats.open_rate).toBe(percent(expected.unique_opens, expected.delivered));
    expect(stats.total_click_rate).toBe(percent(expected.clicks, expected.delivered));
    expect(stats.bounce_rate).toBe(percent(expected.bounced, expected.sent));
    const reached = contactLines.filter((l) => l.includes(' false |') && l.split(' | ')[3] !== '-');
    expect(stats.total_contacts).toBe(reached.length);
    const accounts = new Set(reached.map((l) => /account (\d+)/.exec(l)?.[1]).filter(Boolean));
    expect(stats.total_accounts).toBe(accounts.size);
    expect(data.email_engagement).toEqual({
      openRate: stats.open_rate,
      clickRate: stats.click_rate,
      totalEmails: new Set(
        lines.filter((l) => realIn(start, today)(l) && l.counts.sent > 0).map((l) => l.emailId),
      ).size,
      totalCampaigns: new Set(
        lines
          .filter((l) => realIn(start, today)(l) && l.counts.sent > 0 && l.campaignId)
          .map((l) => l.campaignId),
      ).size,
    });
    expect(data.period).toEqual({ start_date: start, end_date: today, time_zone: 'Asia/Kolkata' });
  });

  it('narrows to a period, campaigns less an email, workflows, test sends, and picked or searched emails', async () => {
    const from = addDays(today, -20);
    const to = addDays(today, -10);
    const stats = async (fields: Record<string, string | number | undefined>) =>
      (await call('analytics_dashboard/', { start_date: start, end_date: today, ...fields })).data.stats;
    expect(await stats({ start_date: from, end_date: to })).toMatchObject(sumLines(lines, realIn(from, to)));
    // An end before the start is the same period.
    expect(await stats({ start_date: to, end_date: from })).toMatchObject(sumLines(lines, realIn(from, to)));

    const [c1] = world.campaignIds;
    const excluded = world.emails.find((e) => e.campaignId === c1)?.id;
    expect(
      await stats({ campaign_ids: `[${c1}]`, exclude_emails: String(excluded), select_all: 1 }),
    ).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && l.campaignId === c1 && l.emailId !== excluded),
    );

    const [w1] = world.workflowIds;
    expect(await stats({ all_workflows: 1 })).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && l.workflowId !== null),
    );
    expect(await stats({ workflow_ids: String(w1) })).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && l.workflowId === w1),
    );
    expect(await stats({ is_test_email: 1 })).toMatchObject(
      sumLines(lines, (l) => l.isTest && l.day >= start && l.day <= today),
    );

    // Unselect all, then two emails picked: one by id, one from a search whose results were all selected.
    const [e1, , e3] = world.emails;
    const name3 = `email ${world.emails.indexOf(e3 as (typeof world.emails)[number]) + 1}`;
    expect(
      await stats({
        unselect_all: 1,
        include_emails: String(e1?.id),
        search_list: JSON.stringify([{ term: ` ${name3.toUpperCase()} `, select_all: true, email_ids: [] }]),
      }),
    ).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && (l.emailId === e1?.id || l.emailId === e3?.id)),
    );
    // Unselect all and nothing picked counts nothing; a blank search is no search.
    expect((await stats({ unselect_all: 1 })).sent).toBe(0);
    expect(
      await stats({ search_list: JSON.stringify([{ term: '   ', select_all: true, email_ids: [] }]) }),
    ).toMatchObject(sumLines(lines, realIn(start, today)));
  });

  it('keeps the selection rules: a search whose results were all selected less exclusions; workflows by repeated ids', async () => {
    const stats = async (payload: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${A}analytics_dashboard/`,
        headers: {
          cookie: session.cookie,
          'x-csrftoken': session.csrf,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `start_date=${start}&end_date=${today}&${payload}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.stats;
    };
    // "World N email" matches every email; one of them is excluded.
    const excluded = world.emails[1]?.id as number;
    const search = encodeURIComponent(JSON.stringify([{ term: 'email', select_all: true, email_ids: [] }]));
    expect(await stats(`unselect_all=1&search_list=${search}&exclude_emails=${excluded}`)).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && l.emailId !== excluded),
    );
    // The workflow filter as the client sends it: all_workflows 0, workflow_ids repeated, no campaign_ids.
    const [w1, w2] = world.workflowIds;
    expect(await stats(`all_workflows=0&workflow_ids=${w1}&workflow_ids=${w2}`)).toMatchObject(
      sumLines(lines, (l) => realIn(start, today)(l) && (l.workflowId === w1 || l.workflowId === w2)),
    );
    // A workflow report ignores campaign ids the client may still hold.
    expect(
      await stats(`all_workflows=0&workflow_ids=${w1}&campaign_ids=${world.campaignIds[0]}`),
    ).toMatchObject(sumLines(lines, (l) => realIn(start, today)(l) && l.workflowId === w1));
  });

  it('defaults to the quarter ending today', async () => {
    const { data } = await call('analytics_dashboard/', {});
    expect(data.period).toEqual({
      start_date: addDays(today, -89),
      end_date: today,
      time_zone: 'Asia/Kolkata',
    });
    expect(data.stats).toMatchObject(sumLines(lines, realIn(addDays(today, -89), today)));
  });

  it('answers 400 with the reason for bad input, and 404 for another organisation’s ids', async () => {
    const bad = async (fields: Record<string, string>) => {
      const response = await post(t.app, session, `${A}analytics_dashboard/`, fields);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    expect(await bad({ start_date: '2026-02-30' })).toMatch(/start_date must be a date/);
    expect(await bad({ campaign_ids: 'one,two' })).toMatch(/campaign_ids must be/);
    expect(await bad({ search_list: '[{"term":' })).toMatch(/search_list is not valid JSON/);
    expect(await bad({ search_list: '[{"select_all":true}]' })).toMatch(/search_list/);
    expect(await bad({ select_all: 'maybe' })).toMatch(/select_all must be 1 or 0/);
    const foreign = await post(t.app, other, `${A}analytics_dashboard/`, {
      campaign_ids: String(world.campaignIds[0]),
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const foreignEmail = await post(t.app, other, `${A}analytics_dashboard/`, {
      include_emails: String(world.emails[0]?.id),
    });
    expect(foreignEmail.statusCode).toBe(404);
    // Another organisation's dashboard counts none of this world's events.
    const theirs = await call(
      'analytics_dashboard/',
      { start_date: start, end_date: today, is_test_email: 1 },
      other,
    );
    expect(theirs.data.stats.sent).toBe(0);
  });
});

describe('dashboard_email_graph/ and dashboard_campaign_graph/', () => {
  it('list the emails and the campaigns with their counts, most sent first, a page at a time', async () => {
    const real = realIn(start, today);
    const page = await call('dashboard_email_graph/', { start_date: start, end_date: today, limit: 4 });
    const emailIds = [...new Set(lines.filter(real).map((l) => l.emailId))];
    expect(page.total_count).toBe(emailIds.length);
    expect(page.data).toHaveLength(4);
    for (const row of page.data)
      expect(row).toMatchObject(sumLines(lines, (l) => real(l) && l.emailId === row.email_id));
    const sent = page.data.map((r: { sent: number }) => r.sent);
    expect(sent).toEqual([...sent].sort((a, b) => b - a));
    const rest = await call('dashboard_email_graph/', {
      start_date: start,
      end_date: today,
      limit: 4,
      offset: 4,
    });
    expect(rest.data).toHaveLength(emailIds.length - 4);
    expect(rest.total_count).toBe(emailIds.length);

    const campaigns = await call('dashboard_campaign_graph/', { start_date: start, end_date: today });
    expect(campaigns.total_count).toBe(world.campaignIds.length);
    for (const row of campaigns.data)
      expect(row).toMatchObject(sumLines(lines, (l) => real(l) && l.campaignId === row.campaign_id));
    const beyond = await call('dashboard_campaign_graph/', {
      start_date: start,
      end_date: today,
      offset: 50,
    });
    expect(beyond).toMatchObject({ total_count: world.campaignIds.length, data: [] });
  });

  it('list the workflows with their counts in workflow mode, all time without dates, a page at a time', async () => {
    const workflowLines = lines.filter((l) => !l.isTest && l.workflowId !== null);
    const workflowIds = [...new Set(workflowLines.map((l) => l.workflowId))];
    expect(workflowIds.length).toBeGreaterThan(1);
    const page = await call('dashboard_workflow_graph/', { is_workflow: 1, limit: 1 });
    expect(page.total_count).toBe(workflowIds.length);
    expect(page.period.start_date).toBeNull();
    expect(page.data).toHaveLength(1);
    const all = await call('dashboard_workflow_graph/', { is_workflow: 1 });
    expect(all.data.map((r: { workflow_id: number }) => r.workflow_id).sort()).toEqual(
      [...workflowIds].sort(),
    );
    for (const row of all.data) {
      const expected = sumLines(workflowLines, (l) => l.workflowId === row.workflow_id);
      expect(row).toMatchObject({
        ...expected,
        open_rate: percent(expected.unique_opens, expected.delivered),
      });
      expect(row.workflow_name).toMatch(/workflow/);
      expect(['draft', 'active', 'inactive']).toContain(row.workflow_status);
    }
    expect(all.data[0].sent).toBeGreaterThanOrEqual(all.data.at(-1).sent);
    const one = await call('dashboard_workflow_graph/', { workflow_ids: JSON.stringify([workflowIds[0]]) });
    expect(one.data.map((r: { workflow_id: number }) => r.workflow_id)).toEqual([workflowIds[0]]);
    const theirs = await post(t.app, other, `${A}dashboard_workflow_graph/`, {
      workflow_ids: JSON.stringify([workflowIds[0]]),
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await call('dashboard_workflow_graph/', { is_workflow: 1 }, other);
    expect(mine.data.map((r: { workflow_id: number }) => r.workflow_id)).not.toContain(workflowIds[0]);
  });

  it('refuses a limit over 100', async () => {
    for (const graph of ['email', 'workflow']) {
      const response = await post(t.app, session, `${A}dashboard_${graph}_graph/`, { limit: 101 });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/limit must be at most 100/);
    }
  });
});

describe('email_trends_graph/ and click_trends_graph/', () => {
  it('give every bucket of the period at each zoom level it spans, summing to the stats', async () => {
    const { data } = await call('email_trends_graph/', { start_date: start, end_date: today });
    expect(data.levels).toEqual(['daily', 'weekly', 'monthly']);
    expect(data.zoom_level).toBe('monthly');
    expect(data.daily.x_axis).toHaveLength(61);
    expect(data.daily.x_axis[0]).toBe(start);
    const expected = sumLines(lines, realIn(start, today));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    for (const level of ['daily', 'weekly', 'monthly']) {
      expect(sum(data[level].data.total_opens)).toBe(expected.opens);
      expect(sum(data[level].data.unique_clicks)).toBe(expected.unique_clicks);
      expect(sum(data[level].data.bounced)).toBe(expected.bounced);
      expect(data[level].data.sent).toHaveLength(data[level].x_axis.length);
    }
    // Weeks start on Monday; each day's numbers are that day's.
    for (const day of data.weekly.x_axis.slice(1)) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
    const busy = lines.find((l) => realIn(start, today)(l) && l.counts.opens > 0) as DayLine;
    const at = data.daily.x_axis.indexOf(busy.day);
    expect(data.daily.data.total_opens[at]).toBe(
      sumLines(lines, (l) => !l.isTest && l.day === busy.day).opens,
    );

    const clicks = await call('click_trends_graph/', { start_date: start, end_date: today });
    expect(clicks.data.title).toBe('Click trends');
    expect(sum(clicks.data.daily.data.total_clicks)).toBe(expected.clicks);
    expect(clicks.data.daily.data.total_opens).toBeUndefined();
  });

  it('opens one level lower than quarterly of four levels; workflows span all time from their first event', async () => {
    const half = await call('email_trends_graph/', { start_date: addDays(today, -199), end_date: today });
    expect(half.data.levels).toEqual(['daily', 'weekly', 'monthly', 'quarterly']);
    expect(half.data.zoom_level).toBe('monthly');
    const years = await call('email_trends_graph/', { start_date: addDays(today, -800), end_date: today });
    expect(years.data.levels).toEqual(['weekly', 'monthly', 'quarterly', 'yearly']);
    expect(years.data.zoom_level).toBe('yearly');
    expect(years.data.yearly.x_axis[0]).toBe(`${addDays(today, -800).slice(0, 4)}-01-01`);
    const workflows = await call('email_trends_graph/', { all_workflows: 1 });
    const first = lines
      .filter((l) => !l.isTest && l.workflowId !== null)
      .map((l) => l.day)
      .sort()[0];
    expect(workflows.data.period.start_date).toBeNull();
    expect(workflows.data.daily.x_axis[0]).toBe(first);
  });
});

describe('campaigns_analytics/', () => {
  it('lists the campaigns with their totals of the period, by GET and by POST', async () => {
    const real = realIn(start, today);
    const byPost = await call('campaigns_analytics/', { start_date: start, end_date: today });
    expect(byPost.total_count).toBe(3);
    for (const row of byPost.data) {
      const expected = sumLines(lines, (l) => real(l) && l.campaignId === row.campaign_id);
      expect(row).toMatchObject({
        total_sent: expected.sent,
        total_delivered: expected.delivered,
        total_open: expected.opens,
        total_clicks: expected.clicks,
        unique_opens: expected.unique_opens,
        emails_count: world.emails.filter((e) => e.campaignId === row.campaign_id).length,
      });
    }
    const qs = new URLSearchParams({
      start_date: start,
      end_date: today,
      campaign_ids: String(world.campaignIds[1]),
    });
    const byGet = await t.app.inject({
      method: 'GET',
      url: `${A}campaigns_analytics/?${qs}`,
      headers: { cookie: session.cookie },
    });
    expect(byGet.statusCode, byGet.body).toBe(200);
    expect(byGet.json().data).toEqual(
      byPost.data.filter((r: { campaign_id: number }) => r.campaign_id === world.campaignIds[1]),
    );
    const searched = await call('campaigns_analytics/', { search_campaign: 'CAMPAIGN 3' });
    expect(searched.data.map((r: { campaign_id: number }) => r.campaign_id)).toEqual([world.campaignIds[2]]);
    const foreignUser = await post(t.app, other, `${A}campaigns_analytics/`, { user_id: world.userId });
    expect(foreignUser.statusCode).toBe(404);
  });
});

// Last: it adds sends the other tests do not count.
describe('the fixed pseudo campaigns', () => {
  it('share_profile, daily_IQ and weekly_account_insights count only their campaign’s sends', async () => {
    const db = t.database.db;
    const campaign = await db
      .insertInto('campaigns')
      .values({
        org_id: world.orgId,
        user_id: world.userId,
        name: 'Shared profiles',
        thumbnail: null,
        share_type: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = await db
      .insertInto('emails')
      .values({
        org_id: world.orgId,
        user_id: world.userId,
        campaign_id: campaign.id,
        name: 'Profile share',
        subject: 'Have a look',
        email_type: 1,
        design_ready: true,
        sent_from: 'a@world.test',
        sender_name: 'World',
        thumbnail: null,
        email_platform: 'workbench',
        html: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 3_600_000);
    const base = { orgId: world.orgId, emailId: email.id, campaignId: campaign.id, occurredAt: at };
    await recordEvents(db, [
      { ...base, contactId: world.contacts[1] as number, sendId: 990_000_001, kind: 'sent' },
      { ...base, contactId: world.contacts[2] as number, sendId: 990_000_002, kind: 'sent' },
      { ...base, contactId: world.contacts[2] as number, sendId: 990_000_002, kind: 'opened' },
    ]);
    await applyNewEvents(db);
    const stats = async (fields: Record<string, string | number>) =>
      (await call('analytics_dashboard/', { start_date: start, end_date: today, ...fields })).data.stats;
    expect(await stats({ share_profile: 1 })).toMatchObject({
      sent: 2,
      opens: 1,
      unique_opens: 1,
      total_contacts: 2,
    });
    expect(await stats({ daily_IQ: 1 })).toMatchObject({ sent: 0, opens: 0 });
    expect(await stats({ weekly_account_insights: 1 })).toMatchObject({ sent: 0 });
    // Without the flag the pseudo campaign counts with the rest.
    expect((await stats({})).sent).toBe(sumLines(lines, realIn(start, today)).sent + 2);
    expect(await stats({ user_id: world.userId })).toMatchObject({
      sent: sumLines(lines, realIn(start, today)).sent + 2,
    });
  });
});
