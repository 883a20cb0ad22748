import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Database, PreferenceTable, PreferenceTopicTable, TopicKind } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { DEMO_PREFERENCE_CONTACT_ID } from './demoPreferenceUuid.ts';
import type { SeededContact } from './seedAudience.ts';
import { seededRandom } from './seededRandom.ts';

export type SeededPreferences = { preferenceUuids: string[]; topicIds: number[] };

/** Alerts and newsletters a recipient can choose from, per organisation, in page order. */
const TOPICS: readonly { orgId: number; kind: TopicKind; names: readonly string[] }[] = [
  { orgId: DEMO_IDS.mainOrgId, kind: 'alert', names: ['Account alerts', 'CxO alerts', 'Industry news'] },
  {
    orgId: DEMO_IDS.mainOrgId,
    kind: 'newsletter',
    names: ['Weekly digest', 'Sales triggers', 'Business advice'],
  },
  { orgId: DEMO_IDS.otherOrgId, kind: 'alert', names: ['Project updates'] },
  { orgId: DEMO_IDS.otherOrgId, kind: 'newsletter', names: ['Studio notes', 'Design inspiration'] },
];

/**
 * The subscription topics, and a preference record for every contact: the first contact's record is
 * the demo link with every section filled; the others get a mix of choices, and unsubscribed contacts have
 * unsub_all set with everything off. Every unsubscribe id is a random UUID from the CSPRNG, seeded data
 * included: it is the only key to a recipient's page, so it must not be computable from this code.
 */
export async function seedPreferences(
  trx: Transaction<Database>,
  contacts: readonly SeededContact[],
): Promise<SeededPreferences> {
  const random = seededRandom('preferences');
  const topics = TOPICS.flatMap((group) =>
    group.names.map((name, position) => ({ orgId: group.orgId, kind: group.kind, name, position })),
  ).map((t, i) => ({ ...t, id: i + 1 }));
  await trx
    .insertInto('subscription_topics')
    .values(
      topics.map((t) => ({ id: t.id, org_id: t.orgId, kind: t.kind, name: t.name, position: t.position })),
    )
    .execute();

  const preferences: Insertable<PreferenceTable>[] = [];
  const choices: Insertable<PreferenceTopicTable>[] = [];
  for (const contact of contacts) {
    const isDemo = contact.id === DEMO_PREFERENCE_CONTACT_ID;
    const uuid = randomUUID();
    const unsubAll = contact.status === 'Unsubscribed';
    preferences.push({
      uuid,
      org_id: contact.orgId,
      contact_id: contact.id,
      email: contact.email,
      marketing: isDemo || (!unsubAll && random.chance(0.8)),
      webinars: isDemo || (!unsubAll && random.chance(0.5)),
      unsub_all: unsubAll,
      created_at: contact.createdAt,
      updated_at: contact.createdAt,
    });
    for (const topic of topics.filter((t) => t.orgId === contact.orgId)) {
      let subscribed: boolean;
      if (isDemo) subscribed = topic.kind === 'alert' || topic.position < 2;
      else subscribed = !unsubAll && random.chance(topic.kind === 'alert' ? 0.6 : 0.5);
      choices.push({ preference_uuid: uuid, topic_id: topic.id, subscribed });
    }
  }
  await trx.insertInto('preferences').values(preferences).execute();
  await trx.insertInto('preference_topics').values(choices).execute();
  return {
    preferenceUuids: preferences.map((p) => p.uuid),
    topicIds: topics.map((t) => t.id),
  };
}
