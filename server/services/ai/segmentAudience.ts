import { sql } from 'kysely';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import { type EditionAudience, reachableContacts } from '../publish/editionAudience.ts';

/** An audience's people of one personality type: how many, and (when asked) who, in id order. */
export type Segment = { type: AiPersonalityType; size: number; contactIds: number[] };

/**
 * The audience's people a send reaches (members of the lists and the chosen contacts, each once, of the
 * organisation; subscribed, with marketing consent: reachableContacts) split by personality type in one
 * query; a contact without one is among Others. Unsubscribed and bounced people are in no segment: no
 * variant is written for them and no segment's size counts them. Segments in the order of
 * AI_PERSONALITIES' types as the query finds them; empty ones are absent.
 */
export async function segmentAudience(
  db: Db,
  audience: EditionAudience,
  withIds = false,
): Promise<Map<AiPersonalityType, Segment>> {
  const segments = new Map<AiPersonalityType, Segment>();
  if (audience.listIds.length === 0 && audience.contactIds.length === 0) return segments;
  const type = sql<AiPersonalityType>`coalesce(c.personality_type, ${sql.lit('Others')})`;
  const rows = await reachableContacts(db, audience)
    .select([
      type.as('type'),
      sql<string>`count(*)`.as('size'),
      withIds ? sql<number[]>`array_agg(c.id order by c.id)`.as('ids') : sql<null>`null`.as('ids'),
    ])
    .groupBy(sql`1`)
    .execute();
  for (const row of rows)
    segments.set(row.type, { type: row.type, size: Number(row.size), contactIds: row.ids ?? [] });
  return segments;
}
