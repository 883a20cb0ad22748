import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import {
  analyticsFixture,
  type ContactEmailLine,
  callOk,
  groupBy,
  recordEvents,
  statusOf,
  sumOf as sum,
} from './analyticsTestKit.ts';

const fixture = analyticsFixture({
  contacts: 60,
  emails: 6,
  events: 3000,
  seed: 'lists-insights',
  timeZone: 'Asia/Tokyo',
});
const f = fixture;
type Fields = Record<string, string | number | undefined>;
const call = (path: string, fields: Fields, as = f().session) => callOk(f().t.app, as, path, fields);
const code = async (path: string, fields: Fields, as = f().session) =>
  (await statusOf(f().t.app, as, path, fields)).code;

let made = 0;
/** A list of the world's organisation that `lines` (contact and email) were sent to through it. */
async function listSentTo(name: string, lines: readonly ContactEmailLine[]): Promise<number> {
  const { db } = f().t.database;
  const { world } = f();
  const list = await db
    .insertInto('contact_lists')
    .values({ org_id: world.orgId, user_id: world.userId, name, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const line of lines) {
    made += 1;
    const send = await db
      .insertInto('email_send')
      .values({
        token: `list-send-${made}-${list.id}`,
        org_id: world.orgId,
        contact_id: line.contactId,
        email_id: line.emailId,
        campaign_id: null,
        workflow_id: null,
        node_id: null,
        dedupe_key: `list-send-${made}-${list.id}`,
        preference_uuid: null,
        to_address: 'x@world.test',
        from_address: 'a@world.test',
        from_name: 'World',
        subject: 'S',
        html: '<p>S</p>',
        status: 'delivered',
        last_error: null,
        message_id: `<list-send-${made}@world.test>`,
        via: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('list_sends').values({ list_id: list.id, send_id: send.id }).execute();
  }
  return list.id;
}

const rateOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

describe('lists_analytics/', () => {
  it('lists every list with what was sent to it in the period, searched, sorted, paged', async () => {
    const real = f().real;
    const first = real.filter((_, i) => i % 3 === 0);
    const second = real.filter((_, i) => i % 5 === 1);
    const firstId = await listSentTo('Spring readers', first);
    const secondId = await listSentTo('Autumn buyers', second);
    const emptyId = await listSentTo('Never sent', []);
    // The same email sent to a contact twice through a list is one row of it.
    const again = first[0] as ContactEmailLine;
    await listSentTo('Spring readers again', [again, again]);

    const answer = await call('lists_analytics/', { ...f().range, limit: 100 });
    expect(answer.total_count).toBe(4);
    const row = (id: number) => answer.data.find((r: { list_id: number }) => r.list_id === id);
    for (const [id, lines] of [
      [firstId, first],
      [secondId, second],
    ] as const) {
      const delivered = sum(lines, 'delivered');
      const uniqueOpens = lines.filter((l) => l.firstOpen).length;
      const uniqueClicks = lines.filter((l) => l.firstClick).length;
      expect(row(id)).toMatchObject({
        sent: sum(lines, 'sent'),
        delivered,
        unique_opens: uniqueOpens,
        unique_clicks: uniqueClicks,
        unsubscribed: sum(lines, 'unsubscribed'),
        bounced: sum(lines, 'bounced'),
        open_rate: rateOf(uniqueOpens, delivered),
        click_rate: rateOf(uniqueClicks, delivered),
        contacts: new Set(lines.map((l) => l.contactId)).size,
      });
    }
    expect(row(emptyId)).toMatchObject({ sent: 0, delivered: 0, unique_opens: 0, open_rate: 0 });
    expect(
      answer.data.filter((r: { list_name: string }) => r.list_name === 'Spring readers again')[0],
    ).toMatchObject({
      sent: again.sent,
      unique_opens: again.firstOpen ? 1 : 0,
    });

    const searched = await call('lists_analytics/', { ...f().range, search_list_name: 'AUTUMN' });
    expect(searched.data.map((r: { list_id: number }) => r.list_id)).toEqual([secondId]);
    const byName = await call('lists_analytics/', { ...f().range, sort_by: 'list_name', order_by: 'ASC' });
    expect(byName.data.map((r: { list_name: string }) => r.list_name)).toEqual([
      'Autumn buyers',
      'Never sent',
      'Spring readers',
      'Spring readers again',
    ]);
    const byRate = await call('lists_analytics/', { ...f().range, sort_by: 'open_rate', order_by: 'DESC' });
    const rates = byRate.data.map((r: { open_rate: number }) => r.open_rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const paged = await call('lists_analytics/', { ...f().range, limit: 1, offset: 1 });
    expect(paged).toMatchObject({ total_count: 4 });
    expect(paged.data).toHaveLength(1);

    // A period before any send counts nothing, for every list.
    const before = addDays(f().range.start_date, -30);
    const empty = await call('lists_analytics/', { start_date: before, end_date: addDays(before, 5) });
    expect(empty.data.every((r: { sent: number }) => r.sent === 0)).toBe(true);
  });

  it('refuses bad input with a reason and shows another organisation none of these lists', async () => {
    expect(await code('lists_analytics/', { sort_by: 'secret' })).toBe(400);
    expect(await code('lists_analytics/', { order_by: 'sideways' })).toBe(400);
    expect(await code('lists_analytics/', { limit: 5000 })).toBe(400);
    expect(await code('lists_analytics/', { start_date: 'yesterday' })).toBe(400);
    const bad = await statusOf(f().t.app, f().session, 'lists_analytics/', { sort_by: 'secret' });
    expect(bad.message).toMatch(/sort_by/);
    const theirs = await call('lists_analytics/', { limit: 100 }, f().other);
    const names = theirs.data.map((r: { list_name: string }) => r.list_name);
    expect(names).not.toContain('Spring readers');
    const exported = await call('lists_analytics/', { ...f().range, export_analytics: 1 });
    expect(exported).toMatchObject({ exported: true });
    const report = await f()
      .t.database.db.selectFrom('analytics_exports')
      .select('report')
      .where('id', '=', exported.export_id)
      .executeTakeFirstOrThrow();
    expect(report.report).toBe('lists_analytics');
    const mine = f().world.campaignIds[0] as number;
    expect(await code('lists_analytics/', { campaign_ids: JSON.stringify([mine]) }, f().other)).toBe(404);
  });
});

/** The first opens plus first clicks of each account in the days [from, to] of the world's time zone. */
function touches(from: string, to: string): Map<number, number> {
  const dayOf = (moment: string) => todayIn(f().world.timeZone, new Date(moment));
  const within = (moment: string | null) => moment !== null && dayOf(moment) >= from && dayOf(moment) <= to;
  const counts = new Map<number, number>();
  for (const l of f().real) {
    if (l.accountId === null) continue;
    const n = (within(l.firstOpen) ? 1 : 0) + (within(l.firstClick) ? 1 : 0);
    counts.set(l.accountId, (counts.get(l.accountId) ?? 0) + n);
  }
  return counts;
}

describe('weekly_account_insights/', () => {
  it('ranks the accounts whose first opens and clicks moved most this week, with their top contacts', async () => {
    const today = todayIn(f().world.timeZone);
    const now = touches(addDays(today, -6), today);
    const before = touches(addDays(today, -13), addDays(today, -7));
    const accounts = [...new Set([...now.keys(), ...before.keys()])];
    const changeOf = (id: number) => (now.get(id) ?? 0) - (before.get(id) ?? 0);
    const rising = accounts
      .filter((id) => changeOf(id) > 0)
      .sort((a, b) => changeOf(b) - changeOf(a) || a - b);
    const falling = accounts
      .filter((id) => changeOf(id) < 0)
      .sort((a, b) => changeOf(a) - changeOf(b) || a - b);
    expect(rising.length + falling.length).toBeGreaterThan(0);

    const up = await call('weekly_account_insights/', { direction: 'rising' });
    expect(up.weeks).toMatchObject({
      this_week: { start_date: addDays(today, -6), end_date: today },
      last_week: { start_date: addDays(today, -13), end_date: addDays(today, -7) },
    });
    expect(up.total_count).toBe(rising.length);
    expect(up.data.map((r: { account_id: number }) => r.account_id)).toEqual(rising);
    const down = await call('weekly_account_insights/', { direction: 'falling' });
    expect(down.data.map((r: { account_id: number }) => r.account_id)).toEqual(falling);
    for (const row of [...up.data, ...down.data]) {
      expect(row).toMatchObject({
        this_week: now.get(row.account_id) ?? 0,
        last_week: before.get(row.account_id) ?? 0,
        change: changeOf(row.account_id),
      });
      expect(row.top_contacts.length).toBeLessThanOrEqual(3);
      for (const c of row.top_contacts) expect(f().world.accountOf.get(c.contact_id)).toBe(row.account_id);
      const counts = row.top_contacts.map((c: { this_week: number }) => c.this_week);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    // The week ends on the filter's end date.
    const earlier = addDays(today, -20);
    const shifted = await call('weekly_account_insights/', { end_date: earlier });
    expect(shifted.weeks.this_week).toEqual({ start_date: addDays(earlier, -6), end_date: earlier });
  });

  it('refuses bad input and shows another organisation none of these accounts', async () => {
    expect(await code('weekly_account_insights/', { direction: 'sideways' })).toBe(400);
    expect(await code('weekly_account_insights/', { offset: -1 })).toBe(400);
    const theirs = await call('weekly_account_insights/', { direction: 'rising' }, f().other);
    const mine = new Set(f().world.accountOf.values());
    for (const row of theirs.data) expect(mine.has(row.account_id)).toBe(false);
  });

  // Last: it adds sends the other tests do not count.
  it('with weekly_account_insights on, counts only that pseudo campaign’s emails', async () => {
    const { db } = f().t.database;
    const { world } = f();
    const restricted = await call('weekly_account_insights/', { weekly_account_insights: 1 });
    expect(restricted.total_count).toBe(0);
    const campaign = await db
      .insertInto('campaigns')
      .values({
        org_id: world.orgId,
        user_id: world.userId,
        name: 'Insights',
        thumbnail: null,
        share_type: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = await db
      .insertInto('emails')
      .values({
        org_id: world.orgId,
        user_id: world.userId,
        campaign_id: campaign.id,
        name: 'Weekly insight',
        subject: 'This week',
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
    const contact = [...world.accountOf].find(([, account]) => account !== null) as [number, number];
    const base = {
      orgId: world.orgId,
      emailId: email.id,
      campaignId: campaign.id,
      contactId: contact[0],
      sendId: 991_000_001,
      occurredAt: new Date(Date.now() - 3_600_000),
    };
    await recordEvents(db, [
      { ...base, kind: 'sent' },
      { ...base, kind: 'opened' },
      { ...base, kind: 'opened' },
      { ...base, kind: 'clicked' },
    ]);
    await applyNewEvents(db);
    const only = await call('weekly_account_insights/', { weekly_account_insights: 1 });
    expect(only.data).toHaveLength(1);
    expect(only.data[0]).toMatchObject({
      account_id: contact[1],
      this_week: 2,
      last_week: 0,
      change: 2,
      top_contacts: [expect.objectContaining({ contact_id: contact[0], this_week: 2 })],
    });
    expect(groupBy(only.data, (r: { account_id: number }) => r.account_id).size).toBe(1);
  });
});

describe('the API description', () => {
  it('describes both calls with their fields', async () => {
    const doc = (await f().t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = (path: string) =>
      JSON.stringify(doc.paths[`/api/analytics/${path}`]?.post?.requestBody ?? null);
    expect(body('lists_analytics/')).toContain('search_list_name');
    expect(body('lists_analytics/')).toContain('open_rate');
    expect(body('weekly_account_insights/')).toContain('falling');
  });
});
