import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** The organisation's AI email (generation), locked for a change; another organisation's is a 404. */
export async function lockGeneration(db: Db, orgId: number, generationId: number) {
  const row = await db
    .selectFrom('ai_generation')
    .select(['id', 'name', 'campaign_id'])
    .where('id', '=', generationId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('AI email not found.');
  return row;
}

/** An AI email's variants (emails of the generation), in id order. */
export async function generationEmails(db: Db, orgId: number, generationId: number) {
  const rows = await db
    .selectFrom('emails')
    .select(['id as email_id', 'personality_type'])
    .where('org_id', '=', orgId)
    .where('generation_id', '=', generationId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    email_id: row.email_id,
    personality_type: (row.personality_type ?? 'Others') as AiPersonalityType,
  }));
}
