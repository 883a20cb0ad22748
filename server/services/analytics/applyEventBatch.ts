import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RollupEvent } from './readEventBatch.ts';

/** The count columns of analytics_day_totals and analytics_contact_email, by event kind. */
export const KIND_COLUMNS = {
  sent: 'sent',
  delivered: 'delivered',
  opened: 'opened',
  clicked: 'clicked',
  bounced: 'bounced',
  unsubscribed: 'unsubscribed',
} as const;
type CountColumn = (typeof KIND_COLUMNS)[keyof typeof KIND_COLUMNS];
type DayCounts = Record<CountColumn | 'unique_opens' | 'unique_clicks', number>;

/** A row of analytics_day_totals: an organisation day of one edition, campaign and workflow. */
type DayRowKey = Pick<
  RollupEvent,
  'org_id' | 'day' | 'email_id' | 'version_id' | 'campaign_id' | 'workflow_id' | 'is_test'
>;
type DayDelta = DayRowKey & DayCounts;

type Touch = { at: Date; id: number; row: DayRowKey };

type ContactEmail = {
  org_id: number;
  contact_id: number;
  email_id: number;
  is_test: boolean;
  counts: Record<CountColumn, number>;
  latest: RollupEvent;
  first_sent_at: Date | null;
  last_sent_at: Date | null;
  delivered_at: Date | null;
  bounced_at: Date | null;
  unsubscribed_at: Date | null;
  firstOpen: Touch | null;
  firstClick: Touch | null;
};

type ArticleContact = {
  org_id: number;
  article_id: number;
  contact_id: number;
  is_test: boolean;
  clicks: number;
  first_click_at: Date;
  last_click_at: Date;
  latest: RollupEvent;
};

const zeroCounts = (): DayCounts => ({
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  unsubscribed: 0,
  unique_opens: 0,
  unique_clicks: 0,
});

const dayKey = (r: DayRowKey) =>
  `${r.email_id}|${r.day}|${r.version_id}|${r.campaign_id}|${r.workflow_id}|${r.is_test}`;
const later = (a: { occurred_at: Date; id: number }, b: { occurred_at: Date; id: number }) =>
  a.occurred_at.getTime() > b.occurred_at.getTime() ||
  (a.occurred_at.getTime() === b.occurred_at.getTime() && a.id > b.id);
const earlierTouch = (a: Touch, b: Touch) =>
  a.at.getTime() < b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id < b.id);
const minDate = (a: Date | null, b: Date) => (a === null || b.getTime() < a.getTime() ? b : a);
const maxDate = (a: Date | null, b: Date) => (a === null || b.getTime() > a.getTime() ? b : a);
const rowOf = (e: RollupEvent): DayRowKey => ({
  org_id: e.org_id,
  day: e.day,
  email_id: e.email_id,
  version_id: e.version_id,
  campaign_id: e.campaign_id,
  workflow_id: e.workflow_id,
  is_test: e.is_test,
});

/**
 * Adds a batch of events (readEventBatch, in id order) to the rollups, in the caller's transaction:
 * - analytics_day_totals: each counted event of an email adds one to its kind on its organisation day and
 *   edition row; unique_opens and unique_clicks count first touches (a contact's first open or click of an
 *   email), so when an event that arrived late is earlier than the first touch known, the touch moves: one
 *   less on the old row, one more on the new;
 * - analytics_contact_email: counted events per kind, when each kind first (and sending last) happened,
 *   the first open and click (time, then id), and the facts of the latest event;
 * - analytics_article_contact: counted clicks of an article per contact, first and last.
 * Every step is a sum, a least or a greatest, so batches can be applied in any grouping with one result.
 */
export async function applyEventBatch(
  trx: Transaction<Database>,
  events: readonly RollupEvent[],
): Promise<void> {
  const days = new Map<string, DayDelta>();
  const dayDelta = (row: DayRowKey) => {
    const key = dayKey(row);
    let delta = days.get(key);
    if (!delta) {
      delta = { ...row, ...zeroCounts() };
      days.set(key, delta);
    }
    return delta;
  };
  const pairs = new Map<string, ContactEmail>();
  const articles = new Map<string, ArticleContact>();

  for (const e of events) {
    if (e.email_id !== null && e.counts) dayDelta(rowOf(e))[KIND_COLUMNS[e.kind]] += 1;
    if (e.email_id !== null && e.contact_id !== null) {
      const key = `${e.contact_id}|${e.email_id}|${e.is_test}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = {
          org_id: e.org_id,
          contact_id: e.contact_id,
          email_id: e.email_id,
          is_test: e.is_test,
          counts: { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 },
          latest: e,
          first_sent_at: null,
          last_sent_at: null,
          delivered_at: null,
          bounced_at: null,
          unsubscribed_at: null,
          firstOpen: null,
          firstClick: null,
        };
        pairs.set(key, pair);
      }
      if (e.counts) pair.counts[KIND_COLUMNS[e.kind]] += 1;
      if (later(e, pair.latest)) pair.latest = e;
      const at = e.occurred_at;
      if (e.kind === 'sent') {
        pair.first_sent_at = minDate(pair.first_sent_at, at);
        pair.last_sent_at = maxDate(pair.last_sent_at, at);
      } else if (e.kind === 'delivered') pair.delivered_at = minDate(pair.delivered_at, at);
      else if (e.kind === 'bounced') pair.bounced_at = minDate(pair.bounced_at, at);
      else if (e.kind === 'unsubscribed') pair.unsubscribed_at = minDate(pair.unsubscribed_at, at);
      else {
        const touch: Touch = { at, id: e.id, row: rowOf(e) };
        if (e.kind === 'opened' && (!pair.firstOpen || earlierTouch(touch, pair.firstOpen)))
          pair.firstOpen = touch;
        if (e.kind === 'clicked' && (!pair.firstClick || earlierTouch(touch, pair.firstClick)))
          pair.firstClick = touch;
      }
    }
    if (e.kind === 'clicked' && e.article_id !== null && e.contact_id !== null) {
      const key = `${e.article_id}|${e.contact_id}|${e.is_test}`;
      const known = articles.get(key);
      if (!known)
        articles.set(key, {
          org_id: e.org_id,
          article_id: e.article_id,
          contact_id: e.contact_id,
          is_test: e.is_test,
          clicks: e.counts ? 1 : 0,
          first_click_at: e.occurred_at,
          last_click_at: e.occurred_at,
          latest: e,
        });
      else {
        if (e.counts) known.clicks += 1;
        known.first_click_at = minDate(known.first_click_at, e.occurred_at);
        known.last_click_at = maxDate(known.last_click_at, e.occurred_at);
        if (later(e, known.latest)) known.latest = e;
      }
    }
  }

  await moveFirstTouches(trx, [...pairs.values()], dayDelta);
  await upsertContactEmails(trx, [...pairs.values()]);
  await upsertDayTotals(trx, [...days.values()]);
  await upsertArticleContacts(trx, [...articles.values()]);
}

/**
 * The unique counts of the batch's first touches: for each contact and email whose first open (click) in
 * the batch comes before the one stored, one more unique on the new touch's row, one less on the old's.
 */
async function moveFirstTouches(
  trx: Transaction<Database>,
  pairs: readonly ContactEmail[],
  dayDelta: (row: DayRowKey) => DayDelta,
): Promise<void> {
  const touched = pairs.filter((p) => p.firstOpen || p.firstClick);
  if (touched.length === 0) return;
  type Stored = {
    contact_id: number;
    email_id: number;
    is_test: boolean;
    first_open_at: Date | null;
    first_open_event_id: string | number | null;
    first_click_at: Date | null;
    first_click_event_id: string | number | null;
  };
  const { rows } = await sql<Stored>`
    select ce.contact_id, ce.email_id, ce.is_test, ce.first_open_at, ce.first_open_event_id,
      ce.first_click_at, ce.first_click_event_id
    from analytics_contact_email ce
    join unnest(${touched.map((p) => p.contact_id)}::int[], ${touched.map((p) => p.email_id)}::int[],
      ${touched.map((p) => p.is_test)}::boolean[]) as k(contact_id, email_id, is_test)
      on ce.contact_id = k.contact_id and ce.email_id = k.email_id and ce.is_test = k.is_test
    for update of ce`.execute(trx);
  const stored = new Map(rows.map((row) => [`${row.contact_id}|${row.email_id}|${row.is_test}`, row]));
  const replaced: { pair: ContactEmail; column: 'unique_opens' | 'unique_clicks'; eventId: number }[] = [];
  for (const pair of touched) {
    const old = stored.get(`${pair.contact_id}|${pair.email_id}|${pair.is_test}`);
    for (const [touch, at, eventId, column] of [
      [pair.firstOpen, old?.first_open_at, old?.first_open_event_id, 'unique_opens'],
      [pair.firstClick, old?.first_click_at, old?.first_click_event_id, 'unique_clicks'],
    ] as const) {
      if (!touch) continue;
      if (at && eventId !== null && eventId !== undefined) {
        if (!earlierTouch(touch, { at: new Date(at), id: Number(eventId), row: touch.row })) continue;
        replaced.push({ pair, column, eventId: Number(eventId) });
      }
      dayDelta(touch.row)[column] += 1;
    }
  }
  if (replaced.length === 0) return;
  // The touches replaced: their own events give their rows.
  const { rows: olds } = await sql<DayRowKey & { id: string | number }>`
    select e.id, e.org_id, to_char(e.occurred_at at time zone o.time_zone, 'YYYY-MM-DD') as day, e.email_id,
      e.version_id, e.campaign_id, e.workflow_id, e.is_test
    from email_event e join organisations o on o.id = e.org_id
    where e.id = any(${replaced.map((r) => r.eventId)}::bigint[])`.execute(trx);
  const oldRows = new Map(olds.map((row) => [Number(row.id), row]));
  for (const { pair, column, eventId } of replaced) {
    const row = oldRows.get(eventId);
    // The first touch's event is stored for good; its email is the pair's (it would be gone with it).
    if (row) dayDelta({ ...row, email_id: pair.email_id, is_test: pair.is_test })[column] -= 1;
  }
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

async function upsertContactEmails(
  trx: Transaction<Database>,
  pairs: readonly ContactEmail[],
): Promise<void> {
  if (pairs.length === 0) return;
  const col = <T>(pick: (pair: ContactEmail) => T) => pairs.map(pick);
  const counts = (column: CountColumn) => col((p) => p.counts[column]);
  await sql`
    insert into analytics_contact_email as t (org_id, contact_id, email_id, is_test, account_id, campaign_id,
      version_id, workflow_id, last_event_id, last_event_at, sent, delivered, opened, clicked, bounced,
      unsubscribed, first_sent_at, last_sent_at, delivered_at, bounced_at, unsubscribed_at, first_open_at,
      first_open_event_id, first_click_at, first_click_event_id)
    select * from unnest(
      ${col((p) => p.org_id)}::int[], ${col((p) => p.contact_id)}::int[], ${col((p) => p.email_id)}::int[],
      ${col((p) => p.is_test)}::boolean[], ${col((p) => p.latest.account_id)}::int[],
      ${col((p) => p.latest.campaign_id)}::int[], ${col((p) => p.latest.version_id)}::int[],
      ${col((p) => p.latest.workflow_id)}::int[], ${col((p) => p.latest.id)}::bigint[],
      ${col((p) => p.latest.occurred_at.toISOString())}::timestamptz[],
      ${counts('sent')}::int[], ${counts('delivered')}::int[], ${counts('opened')}::int[],
      ${counts('clicked')}::int[], ${counts('bounced')}::int[], ${counts('unsubscribed')}::int[],
      ${col((p) => iso(p.first_sent_at))}::timestamptz[], ${col((p) => iso(p.last_sent_at))}::timestamptz[],
      ${col((p) => iso(p.delivered_at))}::timestamptz[], ${col((p) => iso(p.bounced_at))}::timestamptz[],
      ${col((p) => iso(p.unsubscribed_at))}::timestamptz[],
      ${col((p) => iso(p.firstOpen?.at ?? null))}::timestamptz[], ${col((p) => p.firstOpen?.id ?? null)}::bigint[],
      ${col((p) => iso(p.firstClick?.at ?? null))}::timestamptz[], ${col((p) => p.firstClick?.id ?? null)}::bigint[]
    )
    order by 2, 3, 4
    on conflict (contact_id, email_id, is_test) do update set
      sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      opened = t.opened + excluded.opened, clicked = t.clicked + excluded.clicked,
      bounced = t.bounced + excluded.bounced, unsubscribed = t.unsubscribed + excluded.unsubscribed,
      first_sent_at = least(t.first_sent_at, excluded.first_sent_at),
      last_sent_at = greatest(t.last_sent_at, excluded.last_sent_at),
      delivered_at = least(t.delivered_at, excluded.delivered_at),
      bounced_at = least(t.bounced_at, excluded.bounced_at),
      unsubscribed_at = least(t.unsubscribed_at, excluded.unsubscribed_at),
      first_open_at = case when ${newTouch('open')} then excluded.first_open_at else t.first_open_at end,
      first_open_event_id = case when ${newTouch('open')} then excluded.first_open_event_id else t.first_open_event_id end,
      first_click_at = case when ${newTouch('click')} then excluded.first_click_at else t.first_click_at end,
      first_click_event_id = case when ${newTouch('click')} then excluded.first_click_event_id else t.first_click_event_id end,
      account_id = case when ${newLatest} then excluded.account_id else t.account_id end,
      campaign_id = case when ${newLatest} then excluded.campaign_id else t.campaign_id end,
      version_id = case when ${newLatest} then excluded.version_id else t.version_id end,
      workflow_id = case when ${newLatest} then excluded.workflow_id else t.workflow_id end,
      last_event_id = case when ${newLatest} then excluded.last_event_id else t.last_event_id end,
      last_event_at = case when ${newLatest} then excluded.last_event_at else t.last_event_at end`.execute(
    trx,
  );
}

const newTouch = (what: 'open' | 'click') =>
  sql.raw(
    `excluded.first_${what}_at is not null and (t.first_${what}_at is null or ` +
      `(excluded.first_${what}_at, excluded.first_${what}_event_id) < (t.first_${what}_at, t.first_${what}_event_id))`,
  );
const newLatest = sql.raw(
  '(excluded.last_event_at, excluded.last_event_id) > (t.last_event_at, t.last_event_id)',
);

async function upsertDayTotals(trx: Transaction<Database>, rows: readonly DayDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (row: DayDelta) => T) => rows.map(pick);
  await sql`
    insert into analytics_day_totals as t (org_id, day, email_id, version_id, campaign_id, workflow_id,
      is_test, sent, delivered, opened, clicked, bounced, unsubscribed, unique_opens, unique_clicks)
    select * from unnest(
      ${col((r) => r.org_id)}::int[], ${col((r) => r.day)}::date[], ${col((r) => r.email_id)}::int[],
      ${col((r) => r.version_id)}::int[], ${col((r) => r.campaign_id)}::int[], ${col((r) => r.workflow_id)}::int[],
      ${col((r) => r.is_test)}::boolean[], ${col((r) => r.sent)}::int[], ${col((r) => r.delivered)}::int[],
      ${col((r) => r.opened)}::int[], ${col((r) => r.clicked)}::int[], ${col((r) => r.bounced)}::int[],
      ${col((r) => r.unsubscribed)}::int[], ${col((r) => r.unique_opens)}::int[], ${col((r) => r.unique_clicks)}::int[]
    )
    order by 3, 2, 4, 5, 6, 7
    on conflict (email_id, day, version_id, campaign_id, workflow_id, is_test) do update set
      sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      opened = t.opened + excluded.opened, clicked = t.clicked + excluded.clicked,
      bounced = t.bounced + excluded.bounced, unsubscribed = t.unsubscribed + excluded.unsubscribed,
      unique_opens = t.unique_opens + excluded.unique_opens,
      unique_clicks = t.unique_clicks + excluded.unique_clicks`.execute(trx);
}

async function upsertArticleContacts(
  trx: Transaction<Database>,
  rows: readonly ArticleContact[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (row: ArticleContact) => T) => rows.map(pick);
  await sql`
    insert into analytics_article_contact as t (org_id, article_id, contact_id, is_test, account_id, clicks,
      first_click_at, last_click_at, last_event_id)
    select u.org_id, u.article_id, u.contact_id, u.is_test, u.account_id, u.clicks, u.first_click_at,
      u.last_click_at, u.last_event_id
    from unnest(
      ${col((r) => r.org_id)}::int[], ${col((r) => r.article_id)}::int[], ${col((r) => r.contact_id)}::int[],
      ${col((r) => r.is_test)}::boolean[], ${col((r) => r.latest.account_id)}::int[], ${col((r) => r.clicks)}::int[],
      ${col((r) => r.first_click_at.toISOString())}::timestamptz[],
      ${col((r) => r.last_click_at.toISOString())}::timestamptz[], ${col((r) => r.latest.id)}::bigint[]
    ) as u(org_id, article_id, contact_id, is_test, account_id, clicks, first_click_at, last_click_at,
      last_event_id)
    order by 2, 3, 4
    on conflict (article_id, contact_id, is_test) do update set
      clicks = t.clicks + excluded.clicks,
      first_click_at = least(t.first_click_at, excluded.first_click_at),
      last_click_at = greatest(t.last_click_at, excluded.last_click_at),
      account_id = case when ${articleLatest} then excluded.account_id else t.account_id end,
      last_event_id = case when ${articleLatest} then excluded.last_event_id else t.last_event_id end`.execute(
    trx,
  );
}

/**
 * The latest click of an article by a contact gives its account: the latest by time, then id. The stored
 * row knows the time of its latest click only as last_click_at, which is that same event's time.
 */
const articleLatest = sql.raw(
  '(excluded.last_click_at, excluded.last_event_id) > (t.last_click_at, t.last_event_id)',
);
