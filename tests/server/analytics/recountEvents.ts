import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import type { StreamEvent } from './eventStream.ts';

/**
 * The rollups, counted again in plain JavaScript from the events as they arrived (arrival = id order),
 * written from the rule in docs/analytics.md and independent of the server's code: what the catch-up
 * worker and the rebuild must both hold. Rows are text lines, sorted, so a difference shows as a line.
 */
export type Recount = { days: string[]; contactEmails: string[]; articleContacts: string[] };

const ONCE = new Set(['sent', 'delivered', 'bounced', 'unsubscribed']);
const KINDS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed'] as const;

/** The key of the event an event repeats (null: it repeats none). */
function sameEventKey(e: StreamEvent): string | null {
  if (e.sendId != null) {
    if (ONCE.has(e.kind)) return `send ${e.sendId} ${e.kind}`;
    return `send ${e.sendId} ${e.kind} ${Math.floor(e.occurredAt.getTime() / 1000)} ${JSON.stringify(e.link ?? null)}`;
  }
  if (e.contactId == null || e.emailId == null) return null;
  return `none ${JSON.stringify([e.contactId, e.emailId, e.versionId ?? null, e.kind, e.occurredAt.getTime(), e.link ?? null])}`;
}

const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at: Date) => format.format(at);
};

export function recountEvents(
  events: readonly StreamEvent[],
  timeZone: string,
  accountOf: Map<number, number | null>,
): Recount {
  const day = dayIn(timeZone);
  const seen = new Set<string>();
  const days = new Map<string, Record<string, number>>();
  const pairs = new Map<
    string,
    {
      counts: Record<string, number>;
      firsts: Record<string, number | null>;
      lastSent: number | null;
      latest: { at: number; i: number; e: StreamEvent };
      firstOpen: { at: number; i: number; e: StreamEvent } | null;
      firstClick: { at: number; i: number; e: StreamEvent } | null;
    }
  >();
  const articles = new Map<
    string,
    { clicks: number; first: number; last: number; latest: { at: number; i: number; e: StreamEvent } }
  >();
  const rowOf = (e: StreamEvent) =>
    [
      e.emailId,
      day(e.occurredAt),
      e.versionId ?? null,
      e.campaignId ?? null,
      e.workflowId ?? null,
      e.isTest ?? false,
    ].join(' ');
  const bump = (row: string, column: string) => {
    let counts = days.get(row);
    if (!counts) {
      counts = {};
      days.set(row, counts);
    }
    counts[column] = (counts[column] ?? 0) + 1;
  };
  const before = (a: { at: number; i: number }, b: { at: number; i: number }) =>
    a.at < b.at || (a.at === b.at && a.i < b.i);

  events.forEach((e, i) => {
    const key = sameEventKey(e);
    const counts = key === null || !seen.has(key);
    if (key !== null) seen.add(key);
    const at = e.occurredAt.getTime();
    const me = { at, i, e };
    if (e.emailId != null && counts) bump(rowOf(e), e.kind);
    if (e.emailId != null && e.contactId != null) {
      const pk = `${e.contactId} ${e.emailId} ${e.isTest ?? false}`;
      let pair = pairs.get(pk);
      if (!pair) {
        pair = {
          counts: {},
          firsts: { sent: null, delivered: null, bounced: null, unsubscribed: null },
          lastSent: null,
          latest: me,
          firstOpen: null,
          firstClick: null,
        };
        pairs.set(pk, pair);
      }
      if (counts) pair.counts[e.kind] = (pair.counts[e.kind] ?? 0) + 1;
      if (before(pair.latest, me)) pair.latest = me;
      if (e.kind in pair.firsts) pair.firsts[e.kind] = Math.min(pair.firsts[e.kind] ?? at, at);
      if (e.kind === 'sent') pair.lastSent = Math.max(pair.lastSent ?? at, at);
      if (e.kind === 'opened' && (!pair.firstOpen || before(me, pair.firstOpen))) pair.firstOpen = me;
      if (e.kind === 'clicked' && (!pair.firstClick || before(me, pair.firstClick))) pair.firstClick = me;
    }
    if (e.kind === 'clicked' && e.articleId != null && e.contactId != null) {
      const ak = `${e.articleId} ${e.contactId} ${e.isTest ?? false}`;
      const known = articles.get(ak);
      if (!known) articles.set(ak, { clicks: counts ? 1 : 0, first: at, last: at, latest: me });
      else {
        if (counts) known.clicks += 1;
        known.first = Math.min(known.first, at);
        known.last = Math.max(known.last, at);
        if (before(known.latest, me)) known.latest = me;
      }
    }
  });
  for (const pair of pairs.values()) {
    if (pair.firstOpen) bump(rowOf(pair.firstOpen.e), 'unique_opens');
    if (pair.firstClick) bump(rowOf(pair.firstClick.e), 'unique_clicks');
  }
  const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
  return {
    days: [...days]
      .map(
        ([row, c]) =>
          `${row} | ${[...KINDS, 'unique_opens', 'unique_clicks'].map((k) => c[k] ?? 0).join(' ')}`,
      )
      .sort(),
    contactEmails: [...pairs]
      .map(([pk, p]) => {
        const l = p.latest.e;
        return [
          pk,
          KINDS.map((k) => p.counts[k] ?? 0).join(' '),
          iso(p.firsts.sent ?? null),
          iso(p.lastSent),
          iso(p.firsts.delivered ?? null),
          iso(p.firsts.bounced ?? null),
          iso(p.firsts.unsubscribed ?? null),
          iso(p.firstOpen?.at ?? null),
          iso(p.firstClick?.at ?? null),
          `latest ${iso(p.latest.at)} account ${accountOf.get(l.contactId as number) ?? '-'} campaign ${l.campaignId ?? '-'} version ${l.versionId ?? '-'} workflow ${l.workflowId ?? '-'}`,
        ].join(' | ');
      })
      .sort(),
    articleContacts: [...articles]
      .map(
        ([ak, a]) =>
          `${ak} | ${a.clicks} | ${iso(a.first)} | ${iso(a.last)} | account ${accountOf.get(a.latest.e.contactId as number) ?? '-'}`,
      )
      .sort(),
  };
}

/**
 * The rollups of an organisation as stored, in the recount's lines (rows of nothing but zeros left out);
 * `only`: those of some emails (day totals, contact and email rows) and articles (article rows).
 */
export async function storedRollups(
  db: Kysely<Database>,
  orgId: number,
  only?: { emailIds: readonly number[]; articleIds: readonly number[] },
): Promise<Recount> {
  const ofEmails = only ? sql`and email_id = any(${[...only.emailIds]}::int[])` : sql``;
  const ofArticles = only ? sql`and article_id = any(${[...only.articleIds]}::int[])` : sql``;
  const { rows: days } = await sql<Record<string, unknown>>`
    select email_id, to_char(day, 'YYYY-MM-DD') as day, version_id, campaign_id, workflow_id, is_test, sent,
      delivered, opened, clicked, bounced, unsubscribed, unique_opens, unique_clicks
    from analytics_day_totals where org_id = ${orgId} ${ofEmails}`.execute(db);
  const { rows: pairs } = await sql<Record<string, unknown>>`
    select * from analytics_contact_email where org_id = ${orgId} ${ofEmails}`.execute(db);
  const { rows: articles } = await sql<Record<string, unknown>>`
    select * from analytics_article_contact where org_id = ${orgId} ${ofArticles}`.execute(db);
  const iso = (value: unknown) =>
    value === null || value === undefined ? '-' : new Date(value as string).toISOString();
  const v = (value: unknown) => (value === null || value === undefined ? '-' : String(value));
  const countCols = [...KINDS, 'unique_opens', 'unique_clicks'];
  return {
    days: days
      .filter((r) => countCols.some((k) => Number(r[k]) !== 0))
      .map(
        (r) =>
          `${[r.email_id, r.day, r.version_id ?? null, r.campaign_id ?? null, r.workflow_id ?? null, r.is_test].join(' ')} | ${countCols.map((k) => Number(r[k])).join(' ')}`,
      )
      .sort(),
    contactEmails: pairs
      .map((r) =>
        [
          `${r.contact_id} ${r.email_id} ${r.is_test}`,
          KINDS.map((k) => Number(r[k])).join(' '),
          iso(r.first_sent_at),
          iso(r.last_sent_at),
          iso(r.delivered_at),
          iso(r.bounced_at),
          iso(r.unsubscribed_at),
          iso(r.first_open_at),
          iso(r.first_click_at),
          `latest ${iso(r.last_event_at)} account ${v(r.account_id)} campaign ${v(r.campaign_id)} version ${v(r.version_id)} workflow ${v(r.workflow_id)}`,
        ].join(' | '),
      )
      .sort(),
    articleContacts: articles
      .map(
        (r) =>
          `${r.article_id} ${r.contact_id} ${r.is_test} | ${Number(r.clicks)} | ${iso(r.first_click_at)} | ${iso(r.last_click_at)} | account ${v(r.account_id)}`,
      )
      .sort(),
  };
}
