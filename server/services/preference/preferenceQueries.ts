import type { Kysely } from 'kysely';
import {
  type ConsentLedgerEntry,
  type ConsentSnapshot,
  consentSnapshotSchema,
  type PreferenceFlag,
  type RecipientDetails,
} from '../../../domain/preferenceSchemas.ts';
import type { ConsentSource, Database, TopicKind } from '../../db/schema.ts';

const flag = (on: boolean): PreferenceFlag => (on ? '1' : '0');

/** What every recipient of an organisation shares on the pages: its logo and links, and its topics in page order. */
export type OrganisationPageInfo = {
  name: string;
  logo_image_url: string | null;
  privacy_url: string | null;
  contact_url: string | null;
  topics: { id: number; kind: TopicKind; name: string }[];
};

/** An organisation's page information (two queries; the recipient store caches it). */
export async function loadOrganisationPageInfo(
  db: Kysely<Database>,
  orgId: number,
): Promise<OrganisationPageInfo> {
  const [org, topics] = await Promise.all([
    db
      .selectFrom('organisations')
      .select(['name', 'logo_image_url', 'privacy_url', 'contact_url'])
      .where('id', '=', orgId)
      .executeTakeFirst(),
    db
      .selectFrom('subscription_topics')
      .select(['id', 'kind', 'name'])
      .where('org_id', '=', orgId)
      .orderBy('kind')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return {
    name: org?.name ?? '',
    logo_image_url: org?.logo_image_url ?? null,
    privacy_url: org?.privacy_url ?? null,
    contact_url: org?.contact_url ?? null,
    topics,
  };
}

/**
 * The preference records behind many unsubscribe ids, as get_recipient_details/ answers them, in two
 * queries whatever their number (the records, then their topic choices); the organisations' logo, links
 * and topics come from `organisation`. Unknown ids are absent from the map.
 */
export async function loadRecipientDetailsMany(
  db: Kysely<Database>,
  uuids: readonly string[],
  organisation: (orgId: number) => Promise<OrganisationPageInfo>,
): Promise<Map<string, RecipientDetails>> {
  const found = new Map<string, RecipientDetails>();
  if (uuids.length === 0) return found;
  const preferences = await db
    .selectFrom('preferences')
    .select(['uuid', 'org_id', 'email', 'marketing', 'webinars', 'unsub_all'])
    .where('uuid', 'in', uuids)
    .execute();
  if (preferences.length === 0) return found;
  const choices = await db
    .selectFrom('preference_topics')
    .select(['preference_uuid', 'topic_id', 'subscribed'])
    .where(
      'preference_uuid',
      'in',
      preferences.map((p) => p.uuid),
    )
    .execute();
  const chosen = new Map(choices.map((c) => [`${c.preference_uuid}:${c.topic_id}`, c.subscribed]));
  const organisations = new Map(
    await Promise.all(
      [...new Set(preferences.map((p) => p.org_id))].map(
        async (orgId) => [orgId, await organisation(orgId)] as const,
      ),
    ),
  );
  for (const preference of preferences) {
    const org = organisations.get(preference.org_id);
    if (!org) continue;
    const on = (topicId: number) => flag(chosen.get(`${preference.uuid}:${topicId}`) === true);
    found.set(preference.uuid, {
      success: true,
      status: 'True',
      id: preference.uuid,
      email: preference.email,
      unsub_all: flag(preference.unsub_all),
      marketing: flag(preference.marketing),
      webinars: flag(preference.webinars),
      alerts: org.topics.filter((t) => t.kind === 'alert').map((t) => ({ name: t.name, status: on(t.id) })),
      news_letters: org.topics
        .filter((t) => t.kind === 'newsletter')
        .map((t) => ({ id: t.id, name: t.name, status: on(t.id) })),
      organisation_name: org.name,
      logo_image_url: org.logo_image_url,
      privacy_url: org.privacy_url,
      contact_url: org.contact_url,
    });
  }
  return found;
}

/** A jsonb value as an object (the PostgreSQL driver and PGlite both parse it; a text is parsed here). */
function readSnapshot(value: unknown): ConsentSnapshot {
  return consentSnapshotSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/**
 * One recipient's consent ledger, oldest first, for a signed-in user of the recipient's organisation;
 * undefined when no record has this id or it belongs to another organisation.
 */
export async function loadConsentLedger(
  db: Kysely<Database>,
  uuid: string,
  orgId: number,
): Promise<ConsentLedgerEntry[] | undefined> {
  const preference = await db
    .selectFrom('preferences')
    .select('uuid')
    .where('uuid', '=', uuid)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!preference) return undefined;
  const rows = await db
    .selectFrom('consent_ledger')
    .select(['id', 'created_at', 'source', 'ip', 'user_agent', 'before', 'after'])
    .where('preference_uuid', '=', uuid)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    source: row.source satisfies ConsentSource,
    ip: row.ip,
    user_agent: row.user_agent,
    before: readSnapshot(row.before),
    after: readSnapshot(row.after),
  }));
}
