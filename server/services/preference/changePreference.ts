import type { Kysely, Transaction } from 'kysely';
import type {
  AlertChoice,
  ConsentSnapshot,
  ConsentSource,
  PreferenceFlag,
} from '../../../src/domain/preferenceSchemas.ts';
import type { Database, TopicKind } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';

/** What a recipient (or the product for them) asks to change. */
export type PreferenceChange =
  | { kind: 'unsubscribe' }
  | { kind: 'resubscribe' }
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

/**
 * Every alert and newsletter of the recipient's organisation, in page order, with the recipient's choice
 * (off when the recipient has never chosen).
 */
export async function loadTopics(
  db: Kysely<Database> | Transaction<Database>,
  preference: { uuid: string; org_id: number },
): Promise<TopicState[]> {
  const rows = await db
    .selectFrom('subscription_topics as t')
    .leftJoin('preference_topics as p', (join) =>
      join.onRef('p.topic_id', '=', 't.id').on('p.preference_uuid', '=', preference.uuid),
    )
    .select(['t.id', 't.kind', 't.name', 'p.subscribed'])
    .where('t.org_id', '=', preference.org_id)
    .orderBy('t.kind')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, subscribed: r.subscribed === true }));
}

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
  const topics = applyChoices(current.topics, change.alerts, change.newsletterIds);
  if (change.unsubAll) return everythingOff;
  return { unsubAll: false, marketing: change.marketing, webinars: change.webinars, topics };
}

async function writeState(
  trx: Transaction<Database>,
  preference: PreferenceRow,
  before: PreferenceState,
  after: PreferenceState,
): Promise<void> {
  await trx
    .updateTable('preferences')
    .set({
      marketing: after.marketing,
      webinars: after.webinars,
      unsub_all: after.unsubAll,
      updated_at: new Date(),
    })
    .where('uuid', '=', preference.uuid)
    .execute();
  const changedTopics = after.topics.filter((t, i) => t.subscribed !== before.topics[i]?.subscribed);
  if (changedTopics.length > 0) {
    await trx
      .insertInto('preference_topics')
      .values(
        changedTopics.map((t) => ({
          preference_uuid: preference.uuid,
          topic_id: t.id,
          subscribed: t.subscribed,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['preference_uuid', 'topic_id'])
          .doUpdateSet((eb) => ({ subscribed: eb.ref('excluded.subscribed') })),
      )
      .execute();
  }
  // The contact's status follows: unsubscribed from everything, or back to Subscribed. A hard bounce stays.
  if (preference.contact_id === null || after.unsubAll === before.unsubAll) return;
  await trx
    .updateTable('contacts')
    .set({ status: after.unsubAll ? 'Unsubscribed' : 'Subscribed' })
    .where('id', '=', preference.contact_id)
    .where('status', '=', after.unsubAll ? 'Subscribed' : 'Unsubscribed')
    .execute();
}

/**
 * Changes a recipient's preferences in one transaction: the record is locked (select ... for update)
 * before its choices are read, so concurrent changes of one recipient apply one after the other and none
 * is lost; a change is written with its consent ledger entry (before and after) or not at all. A change
 * that leaves every choice as it was writes nothing. Throws a 400 AppError, changing nothing, when an alert
 * or a newsletter is not the recipient's.
 */
export async function changePreference(
  db: Kysely<Database>,
  uuid: string,
  change: PreferenceChange,
  origin: ConsentOrigin,
): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const preference = await trx
      .selectFrom('preferences')
      .select(['uuid', 'org_id', 'contact_id', 'marketing', 'webinars', 'unsub_all'])
      .where('uuid', '=', uuid)
      .forUpdate()
      .executeTakeFirst();
    if (!preference) return 'unknown';
    const before: PreferenceState = {
      unsubAll: preference.unsub_all,
      marketing: preference.marketing,
      webinars: preference.webinars,
      topics: await loadTopics(trx, preference),
    };
    const after = nextState(before, change);
    const beforeJson = JSON.stringify(snapshot(before));
    const afterJson = JSON.stringify(snapshot(after));
    if (beforeJson === afterJson) return 'unchanged';
    await writeState(trx, preference, before, after);
    await trx
      .insertInto('consent_ledger')
      .values({
        preference_uuid: preference.uuid,
        org_id: preference.org_id,
        source: origin.source,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
        before: beforeJson,
        after: afterJson,
      })
      .execute();
    return 'changed';
  });
}
