import { type Kysely, sql, type Transaction } from 'kysely';
import { DRAFT_EDITION_NAME } from '../../../domain/campaignSchemas.ts';
import type { Database } from '../../db/schema.ts';
import { safeZone } from '../runtime/zonedTime.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** "28 Nov 2026": the day an edition went out, in the zone of the person who sent or scheduled it. */
export function sentDayLabel(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: safeZone(zone),
  }).format(at);
}

/**
 * An edition still called by the default name ("Draft Edition") is named after the day it goes out when
 * it does ("Edition of 28 Nov 2026", then "(2)", "(3)" ... when another edition of the email has that
 * name): a sent edition no longer reads as a draft. A name the person gave it is kept.
 */
export async function nameSentEdition(db: Db, versionId: number, at: Date, zone: string): Promise<void> {
  const edition = await db
    .selectFrom('email_versions')
    .select(['email_id', 'name'])
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!edition || edition.name !== DRAFT_EDITION_NAME) return;
  const base = `Edition of ${sentDayLabel(at, zone)}`;
  const taken = await db
    .selectFrom('email_versions')
    .select(sql<string>`lower(name)`.as('name'))
    .where('email_id', '=', edition.email_id)
    .where('id', '<>', versionId)
    .execute();
  const names = new Set(taken.map((row) => row.name));
  let name = base;
  for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${base} (${n})`;
  await db.updateTable('email_versions').set({ name }).where('id', '=', versionId).execute();
}
