import { sql } from 'kysely';
import { type ConsentSnapshot, consentSnapshotSchema } from '../../../domain/preferenceSchemas.ts';
import type { ContactStatus } from '../../../server/db/schema.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { DEMO_PREFERENCE_CONTACT_ID } from '../../../server/seed/demoPreferenceUuid.ts';
import { form, type TestApp } from '../../helpers/testApp.ts';

export const BASE = '/api/preference';
export const UNKNOWN_UUID = '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const SQLISH = "' OR '1'='1'; DROP TABLE preferences; --";
export const EMOJI = 'Ünïcødé 名前 😀🎉';
/** The answer every public call gives an unknown (well-formed) unsubscribe id, with HTTP 200. */
export const UNKNOWN_ANSWER = {
  success: false,
  status: 'False',
  message: 'This link is not valid.',
  msg: 'This link is not valid.',
} as const;

/** Helpers of the preference service tests, bound to one test app (created per file). */
export function preferenceTestKit(getApp: () => TestApp) {
  const db = () => getApp().database.db;
  const post = (path: string, fields: Record<string, string>) =>
    form(getApp().app, 'POST', `${BASE}/${path}`, fields);
  const details = async (uuid: string) => (await post('get_recipient_details/', { unsub_uuid: uuid })).json();

  /** The uuid of the n-th contact of an organisation with that status (never the demo record, which other tests read). */
  async function recipient(
    n: number,
    orgId: number = DEMO_IDS.mainOrgId,
    status: ContactStatus = 'Subscribed',
  ): Promise<string> {
    const row = await db()
      .selectFrom('preferences')
      .innerJoin('contacts', 'contacts.id', 'preferences.contact_id')
      .select('preferences.uuid')
      .where('preferences.org_id', '=', orgId)
      .where('contacts.status', '=', status)
      .where('contacts.id', '<>', DEMO_PREFERENCE_CONTACT_ID)
      .orderBy('contacts.id')
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.uuid;
  }

  async function contactStatus(uuid: string): Promise<string> {
    const row = await db()
      .selectFrom('contacts')
      .innerJoin('preferences', 'preferences.contact_id', 'contacts.id')
      .select('contacts.status')
      .where('preferences.uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  /** Every row the preference service may touch, to prove a refused request changed nothing. */
  async function fingerprint(): Promise<string> {
    const parts: string[] = [];
    for (const table of [
      'preferences',
      'preference_topics',
      'preference_events',
      'contacts',
      'consent_ledger',
    ] as const) {
      // A contact's score and stage are kept by the buyer journey's scoring jobs in the background (a
      // catch-up after each event, an hourly restage as scores decay), never by a preference request.
      const row =
        table === 'contacts' ? sql`(to_jsonb(t) - 'engagement_score' - 'buyer_stage')::text` : sql`t::text`;
      const result = await sql<{ digest: string | null }>`
        select md5(string_agg(${row}, '|' order by ${row})) as digest from ${sql.table(table)} t`.execute(
        db(),
      );
      parts.push(`${table}:${result.rows[0]?.digest}`);
    }
    return parts.join('\n');
  }

  /** The recipient's consent ledger entries, oldest first, straight from the table. */
  async function ledger(uuid: string) {
    const rows = await db()
      .selectFrom('consent_ledger')
      .select(['id', 'source', 'ip', 'user_agent', 'before', 'after', 'org_id'])
      .where('preference_uuid', '=', uuid)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      before: asSnapshot(row.before),
      after: asSnapshot(row.after),
    }));
  }

  /** The "unsubscribed" email events of the recipient's contact. */
  async function unsubscribedEvents(uuid: string): Promise<number> {
    const rows = await db()
      .selectFrom('email_event')
      .innerJoin('preferences', 'preferences.contact_id', 'email_event.contact_id')
      .select('email_event.id')
      .where('preferences.uuid', '=', uuid)
      .where('email_event.kind', '=', 'unsubscribed')
      .execute();
    return rows.length;
  }

  return { post, details, recipient, contactStatus, fingerprint, ledger, unsubscribedEvents };
}

function asSnapshot(value: unknown): ConsentSnapshot {
  return consentSnapshotSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/** A complete update_preference/ form for an organisation-1 recipient. */
export function fullUpdate(uuid: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    unsub_uuid: uuid,
    unsub_all: '0',
    marketing: '1',
    webinars: '0',
    alerts: JSON.stringify([
      { name: 'Account alerts', status: '1' },
      { name: 'CxO alerts', status: '0' },
      { name: 'Industry news', status: '1' },
    ]),
    news_letters_subscribed: '4,6',
    ...overrides,
  };
}
