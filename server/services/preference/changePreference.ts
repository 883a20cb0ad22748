import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  AlertChoice,
  ConsentSnapshot,
  ConsentSource,
  PreferenceFlag,
} from '../../../domain/preferenceSchemas.ts';
import type { ConsentLedgerTable, Database, TopicKind } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { recordEmailEvents } from '../delivery/recordEmailEvent.ts';

/** What a recipient (or the product for them) asks to change. */
export type PreferenceChange =
  | { kind: 'unsubscribe' }
  | { kind: 'resubscribe' }
  /** Consent given on a sign-up form: marketing on, unless the recipient unsubscribed from everything. */
  | { kind: 'opt_in' }
  | {
      kind: 'preferences';
      unsubAll: boolean;
      marketing: boolean;
      webinars: boolean;
      alerts: readonly AlertChoice[];
      newsletterIds: readonly number[];
    };

/** Who asked, as the consent ledger records it. */
export type ConsentOrigin = { source: ConsentSource; ip: string | null; userAgent: string | null };

/** unknown: no record has this id (nothing changed); unchanged: the record already held these choices. */
export type ChangeOutcome = 'unknown' | 'unchanged' | 'changed';

export const MAX_USER_AGENT_LENGTH = 512;

type PreferenceRow = {
  uuid: string;
  org_id: number;
  contact_id: number | null;
  marketing: boolean;
  webinars: boolean;
  unsub_all: boolean;
};

type TopicState = { id: number; kind: TopicKind; name: string; subscribed: boolean };

type PreferenceState = { unsubAll: boolean; marketing: boolean; webinars: boolean; topics: TopicState[] };

const flag = (on: boolean): PreferenceFlag => (on ? '1' : '0');

/** Shortens text a recipient sent before it is repeated in an error message. */
const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The choices as the ledger stores them (keys in a fixed order, so equal choices give equal JSON). */
function snapshot(state: PreferenceState): ConsentSnapshot {
  return {
    unsub_all: flag(state.unsubAll),
    marketing: flag(state.marketing),
    webinars: flag(state.webinars),
    alerts: state.topics
      .filter((t) => t.kind === 'alert')
      .map((t) => ({ name: t.name, status: flag(t.subscribed) })),
    newsletters: state.topics
      .filter((t) => t.kind === 'newsletter')
      .map((t) => ({ id: t.id, name: t.name, status: flag(t.subscribed) })),
  };
}

/** The recipient's topics with the requested choices applied; an alert or newsletter not theirs is refused. */
function applyChoices(
  topics: readonly TopicState[],
  alerts: readonly AlertChoice[],
  newsletterIds: readonly number[],
): TopicState[] {
  const alertNames = new Set(topics.filter((t) => t.kind === 'alert').map((t) => t.name));
  const newsletterIdSet = new Set(topics.filter((t) => t.kind === 'newsletter').map((t) => t.id));
  for (const alert of alerts) {
    if (!alertNames.has(alert.name))
      throw badRequest(`alerts: ${quote(alert.name)} is not one of this recipient's alerts.`);
  }
  for (const id of newsletterIds) {
    if (!newsletterIdSet.has(id)) {
      throw badRequest(`news_letters_subscribed: ${id} is not one of this recipient's newsletters.`);
    }
  }
  const alertStatus = new Map(alerts.map((a) => [a.name, a.status === '1']));
  const chosenNewsletters = new Set(newsletterIds);
  return topics.map((t) => ({
    ...t,
    // Alerts not named keep their state; newsletters not listed are unsubscribed.
    subscribed: t.kind === 'alert' ? (alertStatus.get(t.name) ?? t.subscribed) : chosenNewsletters.has(t.id),
  }));
}

/** The choices after a change (throws a 400 AppError when the change names a topic not the recipient's). */
function nextState(current: PreferenceState, change: PreferenceChange): PreferenceState {
  const everythingOff: PreferenceState = {
    unsubAll: true,
    marketing: false,
    webinars: false,
    topics: current.topics.map((t) => ({ ...t, subscribed: false })),
  };
  if (change.kind === 'unsubscribe') return everythingOff;
  // Resubscribing: unsub_all off and marketing back on; alerts, newsletters and webinars stay as they are.
  if (change.kind === 'resubscribe') return { ...current, unsubAll: false, marketing: true };
  // A form anyone can fill in never resubscribes: only the recipient's own preference link does.
  if (change.kind === 'opt_in') return current.unsubAll ? current : { ...current, marketing: true };
  const topics = applyChoices(current.topics, change.alerts, change.newsletterIds);
  if (change.unsubAll) return everythingOff;
  return { unsubAll: false, marketing: change.marketing, webinars: change.webinars, topics };
}

/** One change asked for, and who asked. */
export type ChangeRequest = { uuid: string; change: PreferenceChange; origin: ConsentOrigin };

/** What became of one request: its outcome, or the 400 error that refused it (nothing of it written). */
export type ChangeResult = { outcome: ChangeOutcome } | { error: unknown };

type Recipient = { row: PreferenceRow; initial: PreferenceState; current: PreferenceState };

/**
 * Applies many changes in ONE transaction, set-based, so a burst of changes (one-click unsubscribes from a
 * mail provider, a page's saves) costs a handful of queries instead of a handful each. Every recipient
 * concerned is locked (select ... for update, in uuid order so concurrent batches never deadlock; with
 * lockRows false, for PGlite, which runs one transaction at a time anyway, no lock is taken) before
 * its choices are read; the requests are then applied one after the other in memory, in the order given,
 * each against the state the previous one left, so each consent ledger entry's "before" is the previous
 * entry's "after" and no update is lost. A request that changes nothing writes nothing; a request naming
 * an alert or newsletter not the recipient's is refused (its result carries the 400 error) without
 * affecting the others. Written: the final state of each recipient, its topics, its contact's status, and
 * one ledger entry per effective change, all or nothing.
 */
export async function changePreferences(
  db: Kysely<Database>,
  requests: readonly ChangeRequest[],
  options: { lockRows?: boolean } = {},
): Promise<ChangeResult[]> {
  if (requests.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const uuids = [...new Set(requests.map((r) => r.uuid))].sort();
    const select = trx
      .selectFrom('preferences')
      .select(['uuid', 'org_id', 'contact_id', 'marketing', 'webinars', 'unsub_all'])
      .where('uuid', 'in', uuids)
      .orderBy('uuid');
    // PGlite has one connection and runs one transaction at a time: row locks would add writes, no safety.
    const rows = await (options.lockRows === false ? select : select.forUpdate()).execute();
    const topicsByUuid = await loadTopicsOfMany(trx, rows);
    const recipients = new Map<string, Recipient>();
    for (const row of rows) {
      const state: PreferenceState = {
        unsubAll: row.unsub_all,
        marketing: row.marketing,
        webinars: row.webinars,
        topics: topicsByUuid.get(row.uuid) ?? [],
      };
      recipients.set(row.uuid, { row, initial: state, current: state });
    }

    const ledger: Insertable<ConsentLedgerTable>[] = [];
    const results: ChangeResult[] = requests.map(({ uuid, change, origin }) => {
      const recipient = recipients.get(uuid);
      if (!recipient) return { outcome: 'unknown' };
      let after: PreferenceState;
      try {
        after = nextState(recipient.current, change);
      } catch (error) {
        return { error };
      }
      const beforeJson = JSON.stringify(snapshot(recipient.current));
      const afterJson = JSON.stringify(snapshot(after));
      if (beforeJson === afterJson) return { outcome: 'unchanged' };
      recipient.current = after;
      ledger.push({
        preference_uuid: uuid,
        org_id: recipient.row.org_id,
        source: origin.source,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
        before: beforeJson,
        after: afterJson,
      });
      return { outcome: 'changed' };
    });
    if (ledger.length === 0) return results;
    await writeStates(
      trx,
      [...recipients.values()].filter((r) => r.current !== r.initial),
    );
    await trx.insertInto('consent_ledger').values(ledger).execute();
    // A contact who unsubscribes from everything is an "unsubscribed" email event (analytics, the email
    // graph), of the email last delivered to them (lastDeliveredSends). No workflow starts on it, so no
    // event sink is involved.
    const unsubscribed = [...recipients.values()].filter(
      (r) => r.current.unsubAll && !r.initial.unsubAll && r.row.contact_id !== null,
    );
    const lastSends = await lastDeliveredSends(
      trx,
      unsubscribed.map((r) => r.row.contact_id as number),
    );
    await recordEmailEvents(
      trx,
      [],
      unsubscribed.map((r) => {
        const send = lastSends.get(r.row.contact_id as number);
        return {
          orgId: r.row.org_id,
          kind: 'unsubscribed' as const,
          contactId: r.row.contact_id as number,
          emailId: send?.email_id ?? null,
          campaignId: send?.campaign_id ?? null,
          workflowId: send?.workflow_id ?? null,
          nodeId: send?.node_id ?? null,
          sendId: send?.id ?? null,
          versionId: send?.version_id ?? null,
        };
      }),
    );
    return results;
  });
}

/** How long after its delivery an email is still the one an unsubscribe is counted against. */
export const UNSUBSCRIBE_ATTRIBUTION_DAYS = 30;

/**
 * The email an unsubscribe is counted against, per contact: the last one (not a test) delivered to them in
 * the UNSUBSCRIBE_ATTRIBUTION_DAYS before. A contact with none gets an event of no email (counted in no
 * email's analytics).
 */
async function lastDeliveredSends(trx: Transaction<Database>, contactIds: readonly number[]) {
  if (contactIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('email_send')
    .select(['id', 'contact_id', 'email_id', 'campaign_id', 'workflow_id', 'node_id', 'version_id'])
    .distinctOn('contact_id')
    .where('contact_id', 'in', [...new Set(contactIds)])
    .where('status', '=', 'delivered')
    .where('is_test', '=', false)
    .where('delivered_at', '>', new Date(Date.now() - UNSUBSCRIBE_ATTRIBUTION_DAYS * 24 * 60 * 60 * 1000))
    .orderBy('contact_id')
    .orderBy('delivered_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.contact_id as number, row]));
}

/**
 * Every alert and newsletter of each recipient's organisation, in page order, with the recipient's choice
 * (off when never chosen): the organisations' topics and the recipients' choices, two plain queries.
 */
async function loadTopicsOfMany(
  trx: Transaction<Database>,
  rows: readonly PreferenceRow[],
): Promise<Map<string, TopicState[]>> {
  const byUuid = new Map<string, TopicState[]>();
  if (rows.length === 0) return byUuid;
  const [topics, choices] = await Promise.all([
    trx
      .selectFrom('subscription_topics')
      .select(['id', 'org_id', 'kind', 'name'])
      .where('org_id', 'in', [...new Set(rows.map((r) => r.org_id))])
      .orderBy('kind')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('preference_topics')
      .select(['preference_uuid', 'topic_id', 'subscribed'])
      .where(
        'preference_uuid',
        'in',
        rows.map((r) => r.uuid),
      )
      .execute(),
  ]);
  const chosen = new Map(choices.map((c) => [`${c.preference_uuid}:${c.topic_id}`, c.subscribed]));
  for (const row of rows) {
    byUuid.set(
      row.uuid,
      topics
        .filter((t) => t.org_id === row.org_id)
        .map((t) => ({
          id: t.id,
          kind: t.kind,
          name: t.name,
          subscribed: chosen.get(`${row.uuid}:${t.id}`) === true,
        })),
    );
  }
  return byUuid;
}

/** Writes each changed recipient's final state: its flags, changed topics and contact status, set-based. */
async function writeStates(trx: Transaction<Database>, changed: readonly Recipient[]): Promise<void> {
  if (changed.length === 0) return;
  // One UPDATE per distinct set of flags (a burst of unsubscribes is one statement).
  const groups = new Map<string, { state: PreferenceState; uuids: string[] }>();
  for (const r of changed) {
    const key = `${r.current.marketing}:${r.current.webinars}:${r.current.unsubAll}`;
    const group = groups.get(key) ?? { state: r.current, uuids: [] };
    group.uuids.push(r.row.uuid);
    groups.set(key, group);
  }
  for (const { state, uuids } of groups.values()) {
    await trx
      .updateTable('preferences')
      .set({
        marketing: state.marketing,
        webinars: state.webinars,
        unsub_all: state.unsubAll,
        updated_at: new Date(),
      })
      .where('uuid', 'in', uuids)
      .execute();
  }

  const topicRows = changed.flatMap((r) =>
    r.current.topics
      .filter((t, i) => t.subscribed !== r.initial.topics[i]?.subscribed)
      .map((t) => ({ preference_uuid: r.row.uuid, topic_id: t.id, subscribed: t.subscribed })),
  );
  if (topicRows.length > 0) {
    await trx
      .insertInto('preference_topics')
      .values(topicRows)
      .onConflict((oc) =>
        oc
          .columns(['preference_uuid', 'topic_id'])
          .doUpdateSet((eb) => ({ subscribed: eb.ref('excluded.subscribed') })),
      )
      .execute();
  }

  // The contact's status follows: unsubscribed from everything, or back to Subscribed. A hard bounce stays.
  for (const unsubAll of [true, false]) {
    const contactIds = changed
      .filter(
        (r) =>
          r.row.contact_id !== null && r.current.unsubAll === unsubAll && r.initial.unsubAll !== unsubAll,
      )
      .map((r) => r.row.contact_id as number);
    if (contactIds.length === 0) continue;
    await trx
      .updateTable('contacts')
      .set({ status: unsubAll ? 'Unsubscribed' : 'Subscribed' })
      .where('id', 'in', contactIds)
      .where('status', '=', unsubAll ? 'Subscribed' : 'Unsubscribed')
      .execute();
  }
}

/**
 * Changes one recipient's preferences (changePreferences with one request): throws the 400 AppError when
 * the change names an alert or newsletter not the recipient's.
 */
export async function changePreference(
  db: Kysely<Database>,
  uuid: string,
  change: PreferenceChange,
  origin: ConsentOrigin,
): Promise<ChangeOutcome> {
  const [result] = await changePreferences(db, [{ uuid, change, origin }]);
  if (!result) throw new Error('changePreferences gave no result.');
  if ('error' in result) throw result.error;
  return result.outcome;
}
