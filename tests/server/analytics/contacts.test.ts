import { describe, expect, it } from 'vitest';
import {
  type AnalyticsFixture,
  analyticsFixture,
  type ContactEmailLine,
  callOk,
  groupBy,
  statusOf,
  sumOf as sum,
} from './analyticsTestKit.ts';

const f = analyticsFixture({
  contacts: 45,
  emails: 5,
  events: 2500,
  seed: 'contacts',
  timeZone: 'America/Chicago',
});
type Fields = Record<string, string | number | undefined>;
const call = (path: string, fields: Fields, as?: AnalyticsFixture['session']) =>
  callOk(f().t.app, as ?? f().session, path, fields);
const status = (path: string, fields: Fields, as?: AnalyticsFixture['session']) =>
  statusOf(f().t.app, as ?? f().session, path, fields);
const byContact = () => groupBy(f().real, (l) => l.contactId);

describe('contacts_listing/ and contact_listing_tab_counts/', () => {
  it('lists every contact sent in the period with its sums, latest activity first, a page at a time', async () => {
    const contacts = byContact();
    const first = await call('contacts_listing/', { ...f().range, tab: 'all_contacts', limit: 10 });
    expect(first.total_count).toBe(contacts.size);
    expect(first.data).toHaveLength(10);
    for (const row of first.data) {
      const rows = contacts.get(row.contact_id) ?? [];
      expect(row).toMatchObject({
        emails: rows.length,
        sent: sum(rows, 'sent'),
        opens: sum(rows, 'opened'),
        clicks: sum(rows, 'clicked'),
        account_id: f().world.accountOf.get(row.contact_id) ?? null,
      });
    }
    const activity = first.data.map((r: { last_activity: string }) => r.last_activity);
    expect(activity).toEqual([...activity].sort().reverse());
    const all = await call('contacts_listing/', { ...f().range, limit: 100 });
    expect(new Set(all.data.map((r: { contact_id: number }) => r.contact_id))).toEqual(
      new Set(contacts.keys()),
    );
  });

  it('keeps each tab and engagement filter to its contacts, and counts every tab alike', async () => {
    const contacts = [...byContact().values()];
    const having = (key: 'delivered' | 'bounced' | 'unsubscribed' | 'opened') =>
      contacts.filter((rows) => rows.some((r) => r[key] > 0)).length;
    const counts = await call('contact_listing_tab_counts/', f().range);
    expect(counts.data).toMatchObject({
      delivered: having('delivered'),
      bounced: having('bounced'),
      unsubscribed: having('unsubscribed'),
      all_contacts: contacts.length,
    });
    expect(counts.data.bounced).toBeGreaterThan(0);
    for (const tab of ['delivered', 'bounced', 'unsubscribed'] as const)
      expect((await call('contacts_listing/', { ...f().range, tab })).total_count).toBe(having(tab));
    const opened = await call('contact_listing_tab_counts/', { ...f().range, contacts_by_filter: 'opened' });
    expect(opened.data.all_contacts).toBe(having('opened'));
  });

  it('narrows a tab to the contacts a send of the period bounced for, or to the others (bounce_filter)', async () => {
    const contacts = [...byContact()];
    const bounced = contacts.filter(([, rows]) => rows.some((r) => r.bounced > 0)).map(([id]) => id);
    expect(bounced.length).toBeGreaterThan(0);
    const delivered = contacts.filter(([, rows]) => rows.some((r) => r.delivered > 0));
    const ids = (page: { data: { contact_id: number }[] }) => new Set(page.data.map((r) => r.contact_id));
    const all = await call('contacts_listing/', { ...f().range, bounce_filter: 'bounced', limit: 100 });
    expect(all.total_count).toBe(bounced.length);
    expect(ids(all)).toEqual(new Set(bounced));
    const others = await call('contacts_listing/', {
      ...f().range,
      tab: 'delivered',
      bounce_filter: 'not_bounced',
      limit: 100,
    });
    const deliveredNotBounced = delivered.filter(([, rows]) => rows.every((r) => r.bounced === 0));
    expect(others.total_count).toBe(deliveredNotBounced.length);
    expect(ids(others)).toEqual(new Set(deliveredNotBounced.map(([id]) => id)));
    expect((await status('contacts_listing/', { bounce_filter: 'soft' })).message).toBe(
      'bounce_filter must be all, bounced or not_bounced.',
    );
  });

  it('sorts by name, searches, and narrows to an account or the contacts that clicked an article', async () => {
    const sorted = await call('contacts_listing/', {
      ...f().range,
      sort_by: 'contact_name',
      sort_type: 'ASC',
      limit: 100,
    });
    const names = sorted.data.map((r: { contact_name: string }) => r.contact_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const someone = sorted.data[3];
    const found = await call('contacts_listing/', {
      ...f().range,
      search_word: ` ${someone.contact_email.toUpperCase()} `,
    });
    expect(found.data.map((r: { contact_id: number }) => r.contact_id)).toEqual([someone.contact_id]);

    const account = [...f().world.accountOf.values()].find((a) => a !== null) as number;
    const ofAccount = await call('contacts_listing/', { ...f().range, account_id: account, limit: 100 });
    expect(ofAccount.total_count).toBe(
      [...byContact().keys()].filter((c) => f().world.accountOf.get(c) === account).length,
    );

    const article = f().articles[0]?.articleId as number;
    const clickers = new Set(
      f()
        .articles.filter((l) => l.articleId === article)
        .map((l) => l.contactId),
    );
    const ofArticle = await call('contacts_listing/', { ...f().range, article_id: article, limit: 100 });
    expect(new Set(ofArticle.data.map((r: { contact_id: number }) => r.contact_id))).toEqual(clickers);
  });

  it('makes a list of every contact of the tab, and refuses a taken or missing name', async () => {
    const made = await call('contacts_listing/', {
      ...f().range,
      tab: 'delivered',
      limit: 1,
      list_create: 1,
      list_name: 'Delivered readers',
    });
    const delivered = [...byContact().values()].filter((rows) => rows.some((r) => r.delivered > 0)).length;
    expect(made.list).toMatchObject({ list_name: 'Delivered readers', totalContacts: delivered });
    const members = await f()
      .t.database.db.selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', made.list.list_id)
      .execute();
    expect(members).toHaveLength(delivered);
    expect(await status('contacts_listing/', { list_create: 1, list_name: 'Delivered readers' })).toEqual({
      code: 400,
      message: 'List with that name already exists',
    });
    expect(await status('contacts_listing/', { list_create: 1 })).toEqual({
      code: 400,
      message: 'Give the list a name.',
    });
  });

  it('answers 400 for a bad tab, sort or filter, and 404 for another organisation’s account or article', async () => {
    expect((await status('contacts_listing/', { tab: 'opened' })).message).toMatch(/tab must be delivered/);
    expect((await status('contacts_listing/', { sort_by: 'password' })).message).toMatch(
      /sort_by must be one of/,
    );
    expect((await status('contacts_listing/', { sort_type: 'UP' })).message).toMatch(/sort_type must be ASC/);
    expect((await status('contact_listing_tab_counts/', { contacts_by_filter: 'x' })).code).toBe(400);
    const account = [...f().world.accountOf.values()].find((a) => a !== null) as number;
    expect((await status('contacts_listing/', { account_id: account }, f().other)).code).toBe(404);
    expect((await status('contacts_listing/', { article_id: 2_000_000_000 })).code).toBe(404);
    // Another organisation sees none of these contacts.
    expect(
      (await call('contacts_listing/', f().range, f().other)).data.map(
        (r: { contact_id: number }) => r.contact_id,
      ),
    ).not.toContain(f().real[0]?.contactId);
  });
});

describe('the contact dashboard', () => {
  it('contact_dashboard/ gives the details, all f().real sends’ counts, subscribed campaigns and clicked articles', async () => {
    const [contactId, rows = []] = [...byContact()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const { data } = await call('contact_dashboard/', { contact_id: contactId as number, limit: 2 });
    expect(data.contact_details).toMatchObject({
      contact_id: contactId,
      account_id: f().world.accountOf.get(contactId as number) ?? null,
    });
    expect(data.contact_intent_data).toMatchObject({
      emails: rows.length,
      sent: sum(rows, 'sent'),
      opens: sum(rows, 'opened'),
      clicks: sum(rows, 'clicked'),
      unique_opens: rows.filter((r) => r.firstOpen).length,
    });
    const campaigns = new Set(rows.map((r) => r.campaignId).filter((c) => c !== null));
    expect(data.total_subscribed_campaigns).toBe(campaigns.size);
    expect(data.subscribed_campaigns.length).toBe(Math.min(2, campaigns.size));
    const articles = f().articles.filter((l) => l.contactId === contactId);
    expect(data.totalArticlesCount).toBe(new Set(articles.map((a) => a.articleId)).size);
    expect((await status('contact_dashboard/', { contact_id: contactId as number }, f().other)).code).toBe(
      404,
    );
    expect((await status('contact_dashboard/', { contact_id: 'me' })).message).toMatch(
      /contact_id must be a positive/,
    );
  });

  it('contact_email_engagement/ lists the emails sent to the contact, by state and opened or clicked only', async () => {
    const [contactId, rows = []] = [...byContact()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const all = await call('contact_email_engagement/', { ...f().range, contact_id: contactId as number });
    expect(all.total_count).toBe(rows.length);
    for (const row of all.data) {
      const line = rows.find((r) => r.emailId === row.email_id) as ContactEmailLine;
      expect(row).toMatchObject({ sent: line.sent, opens: line.opened, clicks: line.clicked, contacts: 1 });
      expect(row.first_open_at).toBe(line.firstOpen);
    }
    const opened = await call('contact_email_engagement/', {
      ...f().range,
      contact_id: contactId as number,
      email_by_unique_opens: 1,
    });
    expect(opened.total_count).toBe(rows.filter((r) => r.firstOpen).length);
    const bounced = await call('contact_email_engagement/', {
      ...f().range,
      contact_id: contactId as number,
      status: 'bounced',
    });
    expect(bounced.total_count).toBe(rows.filter((r) => r.bounced > 0).length);
    expect(
      (await status('contact_email_engagement/', { contact_id: contactId as number, status: 'lost' })).code,
    ).toBe(400);
    expect(
      (await status('contact_email_engagement/', { contact_id: contactId as number }, f().other)).code,
    ).toBe(404);
  });

  it('contact_content_engagement/ lists the articles the contact clicked, most clicked first', async () => {
    const [contactId, clicked = []] =
      [...groupBy(f().articles, (l) => l.contactId)].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const answer = await call('contact_content_engagement/', { contact_id: contactId as number });
    expect(answer.total_count).toBe(clicked.length);
    const clicks = answer.data.map((r: { clicks: number }) => r.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    for (const row of answer.data)
      expect(row.clicks).toBe(clicked.find((l) => l.articleId === row.article_id)?.clicks);
    expect(
      (await status('contact_content_engagement/', { contact_id: contactId as number }, f().other)).code,
    ).toBe(404);
  });

  it('contact_audit_trail/ lists every recorded activity of the contact, newest first, all time by default', async () => {
    const [contactId] = [...byContact()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const events = f().stream.filter((e) => e.contactId === contactId && !e.isTest);
    const first = await call('contact_audit_trail/', { contact_id: contactId as number, limit: 5 });
    expect(first.total_count).toBe(events.length);
    expect(first.period.start_date).toBeNull();
    const times = first.data.map((a: { occurred_at: string }) => a.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe(new Date(Math.max(...events.map((e) => e.occurredAt.getTime()))).toISOString());
    expect(first.data[0].activity).toMatch(
      /^(Email sent|Email delivered|Email opened|Link clicked|Email bounced|Unsubscribed)$/,
    );
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: f().world.timeZone });
    // The last 20 days: some of the contact's activities, not all.
    const from = new Date(Date.parse(`${f().range.end_date}T00:00:00Z`) - 20 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const inDays = events.filter((e) => day.format(e.occurredAt) >= from);
    expect(inDays.length).toBeGreaterThan(0);
    expect(inDays.length).toBeLessThan(events.length);
    const recent = await call('contact_audit_trail/', { contact_id: contactId as number, start_date: from });
    expect(recent.total_count).toBe(inDays.length);
    expect((await status('contact_audit_trail/', { contact_id: contactId as number }, f().other)).code).toBe(
      404,
    );
    expect(
      (await status('contact_audit_trail/', { contact_id: contactId as number, end_date: 'today' })).code,
    ).toBe(400);
  });
});
