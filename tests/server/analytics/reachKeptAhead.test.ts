import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { analyticsSelectionSchema } from '../../../domain/analyticsSchemas.ts';
import { addDays, resolveScope, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { reachKeptAhead, tabCountsKeptAhead } from '../../../server/services/analytics/reachQueries.ts';
import {
  type AnalyticsFixture,
  analyticsFixture,
  type ContactEmailLine,
  callOk,
} from './analyticsTestKit.ts';

const f = analyticsFixture({
  contacts: 70,
  emails: 6,
  events: 3500,
  seed: 'reach-kept-ahead',
  timeZone: 'Asia/Kathmandu',
});
type Fields = Record<string, string | number | undefined>;
const call = (path: string, fields: Fields, as?: AnalyticsFixture['session']) =>
  callOk(f().t.app, as ?? f().session, path, fields);

const TABS = ['delivered', 'bounced', 'unsubscribed', 'all_contacts'] as const;
type Tab = (typeof TABS)[number];

/** The day of a moment in the world's time zone. */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: f().world.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** The rule, from the recount: a row is in a period by its last send, else its latest event. */
function expected(from: string, to: string, keep: (l: ContactEmailLine) => boolean = () => true) {
  const inPeriod = (l: ContactEmailLine) => {
    const day = dayOf(l.lastSent ?? l.latest);
    return keep(l) && day >= from && day <= to;
  };
  const sent = f().real.filter(
    (l) => keep(l) && l.lastSent !== null && dayOf(l.lastSent) >= from && dayOf(l.lastSent) <= to,
  );
  const rows = f().real.filter(inPeriod);
  const contacts = new Map<number, ContactEmailLine[]>();
  for (const l of rows) contacts.set(l.contactId, [...(contacts.get(l.contactId) ?? []), l]);
  const inTab = (tab: Tab) =>
    [...contacts]
      .filter(([, ls]) => tab === 'all_contacts' || ls.some((l) => l[tab] > 0))
      .map(([id, ls]) => ({
        id,
        at:
          ls
            .map((l) => l.latest)
            .sort()
            .at(-1) ?? '',
      }))
      .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
      .map((c) => c.id);
  return {
    total_contacts: sent.length,
    total_accounts: new Set(sent.map((l) => l.accountId).filter((a) => a !== null)).size,
    tabs: Object.fromEntries(TABS.map((tab) => [tab, inTab(tab)])) as Record<Tab, number[]>,
  };
}

/** The scope the calls resolve for the world's user (no pseudo campaigns are asked for). */
const scopeOf = async (fields: Record<string, unknown>) =>
  resolveScope(
    f().t.database.db,
    {
      id: f().world.userId,
      org_id: f().world.orgId,
      plan_type: null,
      has_share_profile_perm: false,
      has_daily_iq_perm: false,
      has_weekly_account_insight_perm: false,
      sales_x_usage_permission: false,
      export_widget_permission: false,
    },
    analyticsSelectionSchema.parse(fields),
  );

describe('the reach kept ahead (dashboard contacts and accounts, contact tab totals and first pages)', () => {
  it('answers a period reaching today from the kept counts, exactly as the rows count', async () => {
    const today = todayIn(f().world.timeZone);
    for (const from of [addDays(today, -60), addDays(today, -20), addDays(today, -3)]) {
      const period = { start_date: from, end_date: today };
      const want = expected(from, today);
      const scope = await scopeOf(period);
      expect(await reachKeptAhead(f().t.database.db, scope)).toEqual({
        contacts: want.total_contacts,
        accounts: want.total_accounts,
      });
      const { data } = await call('analytics_dashboard/', period);
      expect(data.stats).toMatchObject({
        total_contacts: want.total_contacts,
        total_accounts: want.total_accounts,
      });
      const counts = Object.fromEntries(TABS.map((tab) => [tab, want.tabs[tab].length]));
      expect(await tabCountsKeptAhead(f().t.database.db, scope)).toEqual(counts);
      expect((await call('contact_listing_tab_counts/', period)).data).toMatchObject(counts);
      for (const tab of TABS) {
        const first = await call('contacts_listing/', { ...period, tab, limit: 7 });
        expect(first.total_count).toBe(want.tabs[tab].length);
        expect(first.data.map((r: { contact_id: number }) => r.contact_id)).toEqual(
          want.tabs[tab].slice(0, 7),
        );
        const third = await call('contacts_listing/', { ...period, tab, limit: 7, offset: 14 });
        expect(third.data.map((r: { contact_id: number }) => r.contact_id)).toEqual(
          want.tabs[tab].slice(14, 21),
        );
      }
    }
    // The sparse tabs' pages are read a batch of contacts at a time (at least 16, twice the rows up to
    // the page's end), by their latest event of any row, which a row sent before the period can put later
    // than their latest activity in it: every page of them, in order.
    for (const from of [addDays(today, -60), addDays(today, -20)]) {
      const period = { start_date: from, end_date: today };
      const tabs = expected(from, today).tabs;
      expect(tabs.bounced.length).toBeGreaterThan(16);
      for (const tab of ['bounced', 'unsubscribed'] as const)
        for (let offset = 0; offset < tabs[tab].length; offset += 3) {
          const page = await call('contacts_listing/', { ...period, tab, limit: 3, offset });
          expect(page.data.map((r: { contact_id: number }) => r.contact_id)).toEqual(
            tabs[tab].slice(offset, offset + 3),
          );
        }
    }
  });

  it('reads a sparse tab past its first batch when latest events of rows before the period come first', async () => {
    // A contact's latest event of any row is only a bound on its latest activity in the period: moved
    // later for the tabs' last contacts, they are read first, and the pages must stay the same.
    const today = todayIn(f().world.timeZone);
    const period = { start_date: addDays(today, -60), end_date: today };
    const tabs = expected(period.start_date, today).tabs;
    const last = [...tabs.bounced.slice(-20), ...tabs.unsubscribed.slice(-20)];
    await sql`update analytics_contact_reach set last_event_at = now() + interval '1 day'
      where contact_id = any(${last}::int[])`.execute(f().t.database.db);
    try {
      for (const tab of ['bounced', 'unsubscribed'] as const)
        for (let offset = 0; offset < tabs[tab].length; offset += 4) {
          const page = await call('contacts_listing/', { ...period, tab, limit: 4, offset });
          expect(page.data.map((r: { contact_id: number }) => r.contact_id)).toEqual(
            tabs[tab].slice(offset, offset + 4),
          );
        }
    } finally {
      await sql`update analytics_contact_reach r set last_event_at = x.at
        from (select contact_id, is_test, max(last_event_at) as at from analytics_contact_email
          group by 1, 2) x
        where r.contact_id = x.contact_id and r.is_test = x.is_test`.execute(f().t.database.db);
    }
  });

  it('counts the rows when the period ends before the last send, or emails are chosen (same answers)', async () => {
    const today = todayIn(f().world.timeZone);
    const campaign = f().world.campaignIds[0] as number;
    const cases = [
      { fields: { start_date: addDays(today, -50), end_date: addDays(today, -12) }, keep: undefined },
      {
        fields: { start_date: addDays(today, -60), end_date: today, campaign_ids: campaign },
        keep: (l: ContactEmailLine) => l.campaignId === campaign,
      },
    ];
    for (const { fields, keep } of cases) {
      const want = expected(fields.start_date, fields.end_date, keep);
      const scope = await scopeOf({ ...fields, campaign_ids: 'campaign_ids' in fields ? [campaign] : [] });
      expect(await reachKeptAhead(f().t.database.db, scope)).toBeNull();
      expect(await tabCountsKeptAhead(f().t.database.db, scope)).toBeNull();
      const { data } = await call('analytics_dashboard/', fields);
      expect(data.stats).toMatchObject({
        total_contacts: want.total_contacts,
        total_accounts: want.total_accounts,
      });
      const counts = (await call('contact_listing_tab_counts/', fields)).data;
      for (const tab of TABS) {
        expect(counts[tab]).toBe(want.tabs[tab].length);
        const first = await call('contacts_listing/', { ...fields, tab, limit: 7 });
        expect(first.total_count).toBe(want.tabs[tab].length);
        expect(first.data.map((r: { contact_id: number }) => r.contact_id)).toEqual(
          want.tabs[tab].slice(0, 7),
        );
      }
    }
  });

  it('follows a deleted contact out of the kept counts', async () => {
    const today = todayIn(f().world.timeZone);
    const period = { start_date: addDays(today, -60), end_date: today };
    const before = (await call('contact_listing_tab_counts/', period)).data;
    const gone = (await call('contacts_listing/', { ...period, tab: 'all_contacts', limit: 1 })).data[0];
    await f().t.database.db.deleteFrom('contacts').where('id', '=', gone.contact_id).execute();
    const after = (await call('contact_listing_tab_counts/', period)).data;
    expect(after.all_contacts).toBe(before.all_contacts - 1);
    const rows = f().real.filter((l) => l.contactId === gone.contact_id && l.lastSent !== null).length;
    const dashboard = (await call('analytics_dashboard/', period)).data.stats;
    expect(dashboard.total_contacts).toBe(expected(period.start_date, today).total_contacts - rows);
  });
});
