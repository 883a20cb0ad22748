import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  AlertChoice,
  PageEvent,
  PreferenceFlag,
  PreferenceUpdate,
  RecipientDetails,
} from '../../../src/domain/preferenceSchemas.ts';
import type { Database, TopicKind } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';

type Db = Kysely<Database> | Transaction<Database>;

type PreferenceRow = {
  uuid: string;
  org_id: number;
  contact_id: number | null;
  email: string;
  marketing: boolean;
  webinars: boolean;
  unsub_all: boolean;
};

type TopicState = { id: number; kind: TopicKind; name: string; subscribed: boolean };

const flag = (on: boolean): PreferenceFlag => (on ? '1' : '0');

/** Shortens text a recipient sent before it is repeated in an error message. */
const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

async function findPreference(db: Db, uuid: string, lock = false): Promise<PreferenceRow | undefined> {
  let query = db
    .selectFrom('preferences')
    .select(['uuid', 'org_id', 'contact_id', 'email', 'marketing', 'webinars', 'unsub_all'])
    .where('uuid', '=', uuid);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Every alert and newsletter of the recipient's organisation, in page order, with the recipient's choice
 * (off when the recipient has never chosen).
 */
async function loadTopics(db: Db, preference: PreferenceRow): Promise<TopicState[]> {
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

/** The preference record behind an unsubscribe id, as get_recipient_details/ answers it. */
export async function loadRecipientDetails(
  db: Kysely<Database>,
  uuid: string,
): Promise<RecipientDetails | undefined> {
  const preference = await findPreference(db, uuid);
  if (!preference) return undefined;
  const [org, topics] = await Promise.all([
    db
      .selectFrom('organisations')
      .select(['logo_image_url', 'privacy_url', 'contact_url'])
      .where('id', '=', preference.org_id)
      .executeTakeFirst(),
    loadTopics(db, preference),
  ]);
  return {
    success: true,
    status: 'True',
    id: preference.uuid,
    email: preference.email,
    unsub_all: flag(preference.unsub_all),
    marketing: flag(preference.marketing),
    webinars: flag(preference.webinars),
    alerts: topics
      .filter((t) => t.kind === 'alert')
      .map((t) => ({ name: t.name, status: flag(t.subscribed) })),
    news_letters: topics
      .filter((t) => t.kind === 'newsletter')
      .map((t) => ({ id: t.id, name: t.name, status: flag(t.subscribed) })),
    logo_image_url: org?.logo_image_url ?? null,
    privacy_url: org?.privacy_url ?? null,
    contact_url: org?.contact_url ?? null,
  };
}

async function saveTopics(
  trx: Transaction<Database>,
  uuid: string,
  topics: readonly TopicState[],
): Promise<void> {
  if (topics.length === 0) return;
  await trx
    .insertInto('preference_topics')
    .values(topics.map((t) => ({ preference_uuid: uuid, topic_id: t.id, subscribed: t.subscribed })))
    .onConflict((oc) =>
      oc
        .columns(['preference_uuid', 'topic_id'])
        .doUpdateSet((eb) => ({ subscribed: eb.ref('excluded.subscribed') })),
    )
    .execute();
}

async function savePreference(
  trx: Transaction<Database>,
  preference: PreferenceRow,
  values: { marketing: boolean; webinars: boolean; unsubAll: boolean },
): Promise<void> {
  await trx
    .updateTable('preferences')
    .set({
      marketing: values.marketing,
      webinars: values.webinars,
      unsub_all: values.unsubAll,
      updated_at: new Date(),
    })
    .where('uuid', '=', preference.uuid)
    .execute();
  // The contact's status follows: unsubscribed from everything, or back to Subscribed. A hard bounce stays.
  if (preference.contact_id === null) return;
  await trx
    .updateTable('contacts')
    .set({ status: values.unsubAll ? 'Unsubscribed' : 'Subscribed' })
    .where('id', '=', preference.contact_id)
    .where('status', '=', values.unsubAll ? 'Subscribed' : 'Unsubscribed')
    .execute();
}

/** unsub_all on, and every other choice off. */
async function unsubscribeEverything(trx: Transaction<Database>, preference: PreferenceRow): Promise<void> {
  const topics = await loadTopics(trx, preference);
  await savePreference(trx, preference, { marketing: false, webinars: false, unsubAll: true });
  await saveTopics(
    trx,
    preference.uuid,
    topics.map((t) => ({ ...t, subscribed: false })),
  );
}

/** unsub_all off and marketing back on; alerts, newsletters and webinars stay as they are (off). */
async function resubscribe(trx: Transaction<Database>, preference: PreferenceRow): Promise<void> {
  await savePreference(trx, preference, { marketing: true, webinars: preference.webinars, unsubAll: false });
}

/** The recipient's topics with the requested choices applied; an alert or newsletter not theirs is refused. */
function applyChoices(
  topics: readonly TopicState[],
  alerts: readonly AlertChoice[],
  newsletterIds: readonly number[],
) {
  const alertByName = new Map(topics.filter((t) => t.kind === 'alert').map((t) => [t.name, t]));
  const newsletterIdSet = new Set(topics.filter((t) => t.kind === 'newsletter').map((t) => t.id));
  for (const alert of alerts) {
    if (!alertByName.has(alert.name))
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

/**
 * Applies update_preference/ in one transaction (the record is locked while it is read and written).
 * Returns false when no record has this uuid; throws a 400 AppError, changing nothing, when an alert or a
 * newsletter is not the recipient's.
 */
export async function updatePreference(db: Kysely<Database>, update: PreferenceUpdate): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const preference = await findPreference(trx, update.uuid, true);
    if (!preference) return false;
    if (update.kind === 'flag') {
      if (update.unsubscribe) await unsubscribeEverything(trx, preference);
      else await resubscribe(trx, preference);
      return true;
    }
    const topics = applyChoices(await loadTopics(trx, preference), update.alerts, update.newsletterIds);
    if (update.unsubAll) {
      await unsubscribeEverything(trx, preference);
      return true;
    }
    await savePreference(trx, preference, {
      marketing: update.marketing,
      webinars: update.webinars,
      unsubAll: false,
    });
    await saveTopics(trx, preference.uuid, topics);
    return true;
  });
}

/** unsubscribe/: unsub_all on, everything off, the contact Unsubscribed. False when the uuid is unknown. */
export async function unsubscribePreference(db: Kysely<Database>, uuid: string): Promise<boolean> {
  return updatePreference(db, { kind: 'flag', uuid, unsubscribe: true });
}

/** resubscribe/: unsub_all off, marketing on, the contact Subscribed. False when the uuid is unknown. */
export async function resubscribePreference(db: Kysely<Database>, uuid: string): Promise<boolean> {
  return updatePreference(db, { kind: 'flag', uuid, unsubscribe: false });
}

/** Records a page event for a known recipient; false when the uuid is unknown. */
export async function recordPageEvent(db: Kysely<Database>, event: PageEvent): Promise<boolean> {
  const payload: Record<string, unknown> = { timestamp: event.timestamp };
  if (event.news_letters_subscribed !== undefined)
    payload.news_letters_subscribed = event.news_letters_subscribed;
  if (event.alerts_subscribed !== undefined) payload.alerts_subscribed = event.alerts_subscribed;
  const inserted = await db
    .insertInto('preference_events')
    .columns(['uuid', 'key', 'status', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('preferences')
        .select((s) => [
          'preferences.uuid',
          s.val(event.key).as('key'),
          s.val(event.status).as('status'),
          sql<string>`cast(${JSON.stringify(payload)} as jsonb)`.as('payload'),
        ])
        .where('preferences.uuid', '=', event.unsub_uuid),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
