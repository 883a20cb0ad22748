import { sql } from 'kysely';
import type { ContactStatus } from '../../../server/db/schema.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { DEMO_PREFERENCE_UUID } from '../../../server/seed/demoPreferenceUuid.ts';
import { form, type TestApp } from '../../helpers/testApp.ts';

export const BASE = '/api/preference';
export const UNKNOWN_UUID = '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const SQLISH = "' OR '1'='1'; DROP TABLE preferences; --";
export const EMOJI = 'Ünïcødé 名前 😀🎉';

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
      .where('preferences.uuid', '<>', DEMO_PREFERENCE_UUID)
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
    for (const table of ['preferences', 'preference_topics', 'preference_events', 'contacts'] as const) {
      const result = await sql<{ digest: string | null }>`
        select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(
        db(),
      );
      parts.push(`${table}:${result.rows[0]?.digest}`);
    }
    return parts.join('\n');
  }

  return { post, details, recipient, contactStatus, fingerprint };
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
