import { type RawBuilder, sql } from 'kysely';

/**
 * When two email events are the same event, counted once by every rollup (docs/analytics.md, "Duplicates")
 * and scored once by the buyer journey (docs/journey.md).
 * Events repeat when a recipient's mail client or its image proxy asks for the pixel again, a click is
 * double-fired, a batch is written again after a commit whose answer was lost (the very same events: their
 * time is the request's), or a delivery is settled twice. So:
 * - an event of a send and of a kind a send has once (sent, delivered, bounced, unsubscribed) repeats any
 *   earlier event of that send and kind;
 * - an open, or a click of a link, of a send repeats an earlier open (a click of the same link) of that
 *   send in the same second (whole seconds since the epoch);
 * - an event of no send (the demo history, events from before sends were recorded) repeats only an earlier
 *   event identical in kind, contact, email, edition, link and time; one with no contact or email, none.
 * "Earlier" is a lower id: of a group of repeats the first stored counts, wherever its time falls (events
 * may arrive out of order), and the rollups read events in id order once their ids are final
 * (lib/eventWriteLock.ts), so the group's first is known when any of it is read.
 *
 * The rule is written three times, each beside the others here: as a key of an event read in a batch
 * (eventKey, to find the repeats inside the batch), as a test against the events stored before it
 * (isFirstOfItsKind, for the first of each key in the batch) and as a window partition over all events
 * (firstOfItsKindWindow, for the rebuild). tests/server/analytics/rollups.test.ts holds them to one answer.
 */

const ONCE_PER_SEND = new Set(['sent', 'delivered', 'bounced', 'unsubscribed']);

/** What eventKey needs of an event (at_us: its time in microseconds since the epoch, as text). */
export type KeyedEvent = {
  id: number;
  kind: string;
  send_id: number | null;
  contact_id: number | null;
  email_id: number | null;
  version_id: number | null;
  link: string | null;
  at_us: string;
};

/** Events with the same key are one event; null: an event nothing repeats. */
export function eventKey(event: KeyedEvent): string | null {
  if (event.send_id !== null) {
    if (ONCE_PER_SEND.has(event.kind)) return `s|${event.send_id}|${event.kind}`;
    const second = event.at_us.length > 6 ? event.at_us.slice(0, -6) : '0';
    return `s|${event.send_id}|${event.kind}|${second}|${event.link ?? ''}|${event.link === null ? 0 : 1}`;
  }
  if (event.contact_id === null || event.email_id === null) return null;
  return [
    'n',
    event.contact_id,
    event.email_id,
    event.version_id ?? '',
    event.kind,
    event.at_us,
    event.link === null ? '0' : `1${event.link}`,
  ].join('|');
}

/** The event's time in whole seconds since the epoch (the same second in every time zone). */
const epochSecond = (alias: string) => sql.raw(`floor(extract(epoch from ${alias}.occurred_at))`);

/** True when no event stored with a lower id repeats the event `alias` (an email_event row). */
export function isFirstOfItsKind(alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  return sql<boolean>`case
    when ${e}.send_id is not null then not exists (
      select 1 from email_event t
      where t.send_id = ${e}.send_id and t.kind = ${e}.kind and t.id < ${e}.id
        and (${e}.kind not in ('opened', 'clicked') or (
          t.occurred_at >= to_timestamp(${epochSecond(alias)})
          and t.occurred_at < to_timestamp(${epochSecond(alias)} + 1)
          and t.link is not distinct from ${e}.link)))
    when ${e}.contact_id is null or ${e}.email_id is null then true
    else not exists (
      select 1 from email_event t
      where t.contact_id = ${e}.contact_id and t.email_id = ${e}.email_id and t.kind = ${e}.kind
        and t.send_id is null and t.id < ${e}.id and t.occurred_at = ${e}.occurred_at
        and t.version_id is not distinct from ${e}.version_id and t.link is not distinct from ${e}.link)
  end`;
}

/** The same rule over a set of events: true for the first (lowest id) of each group of repeats. */
export function firstOfItsKindWindow(alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  const noSend = sql`${e}.send_id is null`;
  const repeatable = sql`${e}.kind in ('opened', 'clicked')`;
  return sql<boolean>`(row_number() over (partition by
      ${e}.kind,
      ${e}.send_id,
      case when ${noSend} and (${e}.contact_id is null or ${e}.email_id is null) then ${e}.id end,
      case when ${noSend} then ${e}.contact_id end,
      case when ${noSend} then ${e}.email_id end,
      case when ${noSend} then ${e}.version_id end,
      case when ${noSend} then ${e}.occurred_at end,
      case when ${noSend} or ${repeatable} then ${e}.link end,
      case when ${noSend} or ${repeatable} then ${e}.link is null end,
      case when not ${noSend} and ${repeatable} then ${epochSecond(alias)} end
    order by ${e}.id) = 1)`;
}
