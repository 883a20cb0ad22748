import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { A, get, post } from '../workflowTestKit.ts';
import { type AnalyticsWorld, analyticsWorldWithEvents, type DayLine, sumLines } from './analyticsTestKit.ts';

let t: TestApp;
let world: AnalyticsWorld;
let session: Session;
let other: Session;
let lines: DayLine[];
let range: { start_date: string; end_date: string };

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '0' });
  const made = await analyticsWorldWithEvents(t.app, t.database.db, {
    contacts: 40,
    emails: 6,
    events: 2000,
    seed: 'filters',
    timeZone: 'Australia/Sydney',
  });
  world = made.world;
  session = made.session;
  lines = made.days;
  const today = todayIn(world.timeZone);
  range = { start_date: addDays(today, -60), end_date: today };
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

/** A JSON POST with the session cookie and CSRF header. */
const postJson = (path: string, payload: unknown, as = session) =>
  t.app.inject({
    method: 'POST',
    url: `${A}${path}`,
    headers: { cookie: as.cookie, 'x-csrftoken': as.csrf, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const ok = async (response: Awaited<ReturnType<typeof postJson>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const real = (l: DayLine) => !l.isTest && l.day >= range.start_date && l.day <= range.end_date;
const idsOf = (rows: { email_id: number }[]) => rows.map((r) => r.email_id).sort((a, b) => a - b);

describe('emails_dropdown/', () => {
  it('offers the emails sent in the period, marks what the selection keeps, and counts', async () => {
    const sent = [...new Set(lines.filter(real).map((l) => l.emailId))].sort((a, b) => a - b);
    const all = await ok(await postJson('emails_dropdown/', { ...range, limit: 100 }));
    expect(idsOf(all.data)).toEqual(sent);
    expect(all.selected_count).toBe(sent.length);
    expect(
      all.data.every((e: { is_marked: boolean; adhoc_email: boolean }) => e.is_marked && e.adhoc_email),
    ).toBe(true);

    const [first, second, third] = sent;
    const excluded = await ok(
      await postJson('emails_dropdown/', { ...range, select_all: true, exclude_emails: [first], limit: 100 }),
    );
    expect(idsOf(excluded.data.filter((e: { is_marked: boolean }) => !e.is_marked))).toEqual([first]);
    const picked = await ok(
      await postJson('emails_dropdown/', {
        ...range,
        unselect_all: true,
        include_emails: [second],
        search_list: [
          { term: 'no such email', select_all: true, email_ids: [] },
          { term: 'x', select_all: false, email_ids: [third] },
        ],
        limit: 100,
      }),
    );
    expect(idsOf(picked.data.filter((e: { is_marked: boolean }) => e.is_marked))).toEqual([second, third]);
    expect(picked.selected_count).toBe(2);

    const count = await ok(
      await postJson('emails_dropdown/', { ...range, is_count: true, unselect_all: true }),
    );
    expect(count).toMatchObject({ total_count: sent.length, selected_count: 0, data: [] });

    const campaign = world.campaignIds[0] as number;
    const ofCampaign = await ok(
      await postJson('emails_dropdown/', { ...range, campaign_ids: [campaign], limit: 100 }),
    );
    expect(idsOf(ofCampaign.data)).toEqual(
      [...new Set(lines.filter((l) => real(l) && l.campaignId === campaign).map((l) => l.emailId))].sort(
        (a, b) => a - b,
      ),
    );
    const searched = await ok(
      await postJson('emails_dropdown/', { ...range, search_term: ' EMAIL 2', limit: 100 }),
    );
    expect(searched.data.every((e: { email_name: string }) => /email 2/i.test(e.email_name))).toBe(true);
    expect(searched.total_count).toBe(1);
  });

  it('answers 400 for bad JSON fields and 404 for another organisation’s email', async () => {
    expect((await postJson('emails_dropdown/', { include_emails: ['x'] })).statusCode).toBe(400);
    expect((await postJson('emails_dropdown/', { search_list: [{ term: 5 }] })).statusCode).toBe(400);
    expect((await postJson('emails_dropdown/', { limit: 0 })).json().message).toMatch(
      /limit must be at least 1/,
    );
    expect(
      (await postJson('emails_dropdown/', { include_emails: [world.emails[0]?.id] }, other)).statusCode,
    ).toBe(404);
  });
});

describe('the campaign and workflow lists of the filter', () => {
  it('campaign_workflow_dropdown/ and dashboard_workflows/ list the organisation’s own', async () => {
    const both = await ok(await post(t.app, session, `${A}campaign_workflow_dropdown/`, {}));
    expect(both.data.campaigns.map((c: { campaign_id: number }) => c.campaign_id).sort()).toEqual(
      [...world.campaignIds].sort(),
    );
    expect(both.data.workflows.map((w: { workflow_id: number }) => w.workflow_id).sort()).toEqual(
      [...world.workflowIds].sort(),
    );
    const theirs = await ok(await post(t.app, other, `${A}campaign_workflow_dropdown/`, {}));
    expect(theirs.data.campaigns.map((c: { campaign_id: number }) => c.campaign_id)).not.toContain(
      world.campaignIds[0],
    );

    await t.database.db
      .updateTable('workflow')
      .set({ status: 'active' })
      .where('id', '=', world.workflowIds[0] as number)
      .execute();
    const active = (await get(t.app, session, `${A}dashboard_workflows/`, { status: 'active' })).json();
    expect(active).toMatchObject({ total_count: 1, data: [{ id: world.workflowIds[0], status: 'active' }] });
    const searched = (await get(t.app, session, `${A}dashboard_workflows/`, { search: 'WORKFLOW 2' })).json();
    expect(searched.data.map((w: { id: number }) => w.id)).toEqual([world.workflowIds[1]]);
    expect((await get(t.app, session, `${A}dashboard_workflows/`, { status: 'paused' })).statusCode).toBe(
      400,
    );
  });

  it('dashboard_campaign_emails/ lists the emails of the chosen campaigns', async () => {
    const campaign = world.campaignIds[1] as number;
    const expected = world.emails
      .filter((e) => e.campaignId === campaign)
      .map((e) => e.id)
      .sort((a, b) => a - b);
    const byPost = await ok(
      await post(t.app, session, `${A}dashboard_campaign_emails/`, { campaign_ids: `[${campaign}]` }),
    );
    expect(idsOf(byPost.data)).toEqual(expected);
    const byGet = (await get(t.app, session, `${A}dashboard_campaign_emails/`)).json();
    expect(byGet.total_count).toBe(world.emails.length);
    expect(
      (await post(t.app, other, `${A}dashboard_campaign_emails/`, { campaign_ids: String(campaign) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('assets_analytics/ and versions_analytics/', () => {
  it('give a campaign’s emails and an email’s editions with the period’s counts', async () => {
    const campaign = world.campaignIds[0] as number;
    const assets = (await get(t.app, session, `${A}assets_analytics/${campaign}/`, range)).json();
    const emails = world.emails.filter((e) => e.campaignId === campaign);
    expect(assets.total_count).toBe(emails.length);
    for (const row of assets.data)
      expect(row).toMatchObject(sumLines(lines, (l) => real(l) && l.emailId === row.asset_id));
    const email = world.emails[0] as AnalyticsWorld['emails'][number];
    const versions = (await get(t.app, session, `${A}versions_analytics/${email.id}/`, range)).json();
    // The email's own draft edition is listed too, with nothing counted.
    expect(versions.data.map((v: { version_id: number }) => v.version_id)).toEqual(
      expect.arrayContaining(email.versionIds),
    );
    for (const row of versions.data)
      expect(row).toMatchObject(
        sumLines(lines, (l) => real(l) && l.emailId === email.id && l.versionId === row.version_id),
      );
    expect((await get(t.app, other, `${A}assets_analytics/${campaign}/`)).statusCode).toBe(404);
    expect((await get(t.app, other, `${A}versions_analytics/${email.id}/`)).statusCode).toBe(404);
    expect((await get(t.app, session, `${A}versions_analytics/abc/`)).statusCode).toBe(400);
  });
});

describe('save_filter/', () => {
  it('keeps a filter whose fs_id gives the same report to a colleague, and only without a selection', async () => {
    const campaign = world.campaignIds[2] as number;
    const saved = await ok(
      await postJson('save_filter/', {
        name: 'temporary_saved_filter',
        saved_data: {
          ...range,
          campaign_ids: [campaign],
          applied_date_object: { label: 'Custom', value: 'custom' },
        },
        is_temporary: true,
      }),
    );
    expect(saved.id).toBeGreaterThan(0);
    const read = (await get(t.app, session, `${A}save_filter/`, { filterId: saved.id })).json();
    expect(read.data).toMatchObject({
      id: saved.id,
      is_temporary: true,
      saved_data: { campaign_ids: [campaign], ...range },
    });

    const stats = async (fields: Record<string, string | number>) =>
      (await ok(await post(t.app, session, `${A}analytics_dashboard/`, fields))).data.stats;
    expect(await stats({ filterId: saved.id })).toMatchObject(
      sumLines(lines, (l) => real(l) && l.campaignId === campaign),
    );
    const otherCampaign = world.campaignIds[0] as number;
    expect(await stats({ ...range, filterId: saved.id, campaign_ids: String(otherCampaign) })).toMatchObject(
      sumLines(lines, (l) => real(l) && l.campaignId === otherCampaign),
    );

    expect((await get(t.app, other, `${A}save_filter/`, { filterId: saved.id })).statusCode).toBe(404);
    expect((await post(t.app, other, `${A}analytics_dashboard/`, { filterId: saved.id })).statusCode).toBe(
      404,
    );
    expect(
      (await postJson('save_filter/', { saved_data: { campaign_ids: [campaign] } }, other)).statusCode,
    ).toBe(404);
  });

  it('refuses bad saved data, and cleans up temporary filters nobody used for 30 days', async () => {
    expect((await postJson('save_filter/', { saved_data: 'not json' })).json().message).toMatch(
      /saved_data is not valid JSON/,
    );
    expect((await postJson('save_filter/', { saved_data: { start_date: 'soon' } })).json().message).toMatch(
      /start_date must be a date/,
    );
    expect((await postJson('save_filter/', {})).statusCode).toBe(400);
    const old = await ok(await postJson('save_filter/', { saved_data: {} }));
    const kept = await ok(
      await postJson('save_filter/', { saved_data: {}, is_temporary: false, name: 'Quarter' }),
    );
    await sql`update analytics_saved_filters set last_used_at = now() - interval '40 days' where id in (${old.id}, ${kept.id})`.execute(
      t.database.db,
    );
    await ok(await postJson('save_filter/', { saved_data: {} }));
    expect((await get(t.app, session, `${A}save_filter/`, { filterId: old.id })).statusCode).toBe(404);
    expect((await get(t.app, session, `${A}save_filter/`, { filterId: kept.id })).statusCode).toBe(200);
  });
});

describe('emails_dropdown/ and AI emails', () => {
  it('gives an AI variant its personality, and its AI group entry {name, color, tag}', async () => {
    const sent = [...new Set(lines.filter(real).map((l) => l.emailId))].sort((a, b) => a - b);
    const variant = sent[0] as number;
    const db = t.database.db;
    await db
      .updateTable('emails')
      .set({ email_type: 2, personality_type: 'Steady' })
      .where('id', '=', variant)
      .execute();
    try {
      const all = await ok(await postJson('emails_dropdown/', { ...range, limit: 100 }));
      const listed = all.data.find((e: { email_id: number }) => e.email_id === variant);
      expect(listed).toMatchObject({
        ai_email: true,
        personality: 'ASVA',
        personality_color: '#067647',
        personality_name: 'Steady',
      });
      expect(all.ai_group).toHaveLength(1);
      expect(all.ai_group[0]).toMatchObject({
        email_id: variant,
        ai_personality: { name: 'Steady', color: '#067647', tag: 'ASVA' },
      });
    } finally {
      await db
        .updateTable('emails')
        .set({ email_type: 1, personality_type: null })
        .where('id', '=', variant)
        .execute();
    }
  });
});
