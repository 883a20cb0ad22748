import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import type { Recount } from './recountEvents.ts';

/**
 * The reach kept ahead (analytics_contact_reach, analytics_account_reach, analytics_reach_days), counted
 * again in plain JavaScript from a recount's contact and email lines, by the rule in docs/analytics.md: a
 * row's moment is its last send, else its latest event; a contact's last moment of each kind is the latest
 * moment of its rows (of those delivered, bounced, unsubscribed), and its latest activity the latest event of
 * any of its rows; an account's last send is the latest of
 * its rows; a day counts the rows whose last send and the contacts whose last moments fall on it.
 */
export type ReachLines = { contacts: string[]; accounts: string[]; days: string[] };

const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (iso: string) => format.format(new Date(iso));
};

const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

export function recountReach(recount: Recount, timeZone: string): ReachLines {
  const day = dayIn(timeZone);
  const contacts = new Map<string, (string | null)[]>();
  const accounts = new Map<string, string>();
  const days = new Map<string, number[]>();
  const bump = (key: string, column: number) => {
    const counts = days.get(key) ?? [0, 0, 0, 0, 0];
    counts[column] = (counts[column] ?? 0) + 1;
    days.set(key, counts);
  };
  for (const line of recount.contactEmails) {
    const parts = line.split(' | ');
    const [contactId, , isTest] = (parts[0] ?? '').split(' ');
    const [, delivered, , , bounced, unsubscribed] = (parts[1] ?? '').split(' ').map(Number);
    const lastSent = parts[3] === '-' ? null : (parts[3] ?? null);
    const latest = /latest (\S+) account (\S+)/.exec(parts[9] ?? '');
    const moment = lastSent ?? latest?.[1] ?? null;
    const account = latest?.[2] ?? '-';
    const key = `${contactId} ${isTest}`;
    const reach = contacts.get(key) ?? [null, null, null, null, null];
    reach[0] = later(reach[0] ?? null, moment);
    if ((delivered ?? 0) > 0) reach[1] = later(reach[1] ?? null, moment);
    if ((bounced ?? 0) > 0) reach[2] = later(reach[2] ?? null, moment);
    if ((unsubscribed ?? 0) > 0) reach[3] = later(reach[3] ?? null, moment);
    reach[4] = later(reach[4] ?? null, latest?.[1] ?? null);
    contacts.set(key, reach);
    if (lastSent !== null) {
      bump(`${isTest} ${day(lastSent)}`, 0);
      if (account !== '-') {
        const accountKey = `${account} ${isTest}`;
        accounts.set(accountKey, later(accounts.get(accountKey) ?? null, lastSent) ?? lastSent);
      }
    }
  }
  for (const [key, reach] of contacts) {
    const isTest = key.split(' ')[1];
    // The four moments count on their days; the latest activity (the fifth) on none.
    reach.slice(0, 4).forEach((at, i) => {
      if (at !== null) bump(`${isTest} ${day(at)}`, i + 1);
    });
  }
  return {
    contacts: [...contacts]
      .map(([key, reach]) => `${key} | ${reach.map((at) => at ?? '-').join(' ')}`)
      .sort(),
    accounts: [...accounts].map(([key, at]) => `${key} | ${at}`).sort(),
    days: [...days].map(([key, counts]) => `${key} | ${counts.join(' ')}`).sort(),
  };
}

/** The reach an organisation's rows keep, in recountReach's lines (days of nothing but zeros left out). */
export async function storedReach(db: Kysely<Database>, orgId: number): Promise<ReachLines> {
  const iso = (value: unknown) =>
    value === null || value === undefined ? '-' : new Date(value as string).toISOString();
  const { rows: contacts } = await sql<Record<string, unknown>>`
    select * from analytics_contact_reach where org_id = ${orgId}`.execute(db);
  const { rows: accounts } = await sql<Record<string, unknown>>`
    select * from analytics_account_reach where org_id = ${orgId}`.execute(db);
  const { rows: days } = await sql<Record<string, unknown>>`
    select is_test, to_char(day, 'YYYY-MM-DD') as day, sent_rows, contacts, delivered, bounced, unsubscribed
    from analytics_reach_days where org_id = ${orgId}`.execute(db);
  const columns = ['sent_rows', 'contacts', 'delivered', 'bounced', 'unsubscribed'];
  return {
    contacts: contacts
      .map(
        (r) =>
          `${r.contact_id} ${r.is_test} | ${[r.last_at, r.last_delivered_at, r.last_bounced_at, r.last_unsubscribed_at, r.last_event_at].map(iso).join(' ')}`,
      )
      .sort(),
    accounts: accounts.map((r) => `${r.account_id} ${r.is_test} | ${iso(r.last_sent_at)}`).sort(),
    days: days
      .filter((r) => columns.some((k) => Number(r[k]) !== 0))
      .map((r) => `${r.is_test} ${r.day} | ${columns.map((k) => Number(r[k])).join(' ')}`)
      .sort(),
  };
}
