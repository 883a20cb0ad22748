import { type Kysely, sql } from 'kysely';
import type { PageEvent } from '../../../domain/preferenceSchemas.ts';
import type { Database } from '../../db/schema.ts';

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
