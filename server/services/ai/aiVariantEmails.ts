import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';

export type VariantEdition = {
  email_id: number;
  generation_id: number;
  personality_type: AiPersonalityType;
  /** The email's latest edition, and its state. */
  version_id: number;
  status: string;
  design: unknown;
};

/**
 * The AI variants of the organisation (by generation, or by email ids), each with its latest edition.
 * Emails that are not AI variants, or another organisation's, are not among them.
 */
export async function aiVariantEmails(
  db: Db,
  orgId: number,
  by: { generationId: number } | { emailIds: readonly number[] },
): Promise<VariantEdition[]> {
  let query = db
    .selectFrom('emails as e')
    .innerJoin('email_versions as v', (join) =>
      join.onRef('v.email_id', '=', 'e.id').on((eb) =>
        eb(
          'v.id',
          '=',
          eb
            .selectFrom('email_versions as w')
            .select((w) => w.fn.max('w.id').as('id'))
            .whereRef('w.email_id', '=', 'e.id'),
        ),
      ),
    )
    .select([
      'e.id as email_id',
      'e.generation_id',
      'e.personality_type',
      'v.id as version_id',
      'v.status',
      'v.design',
    ])
    .where('e.org_id', '=', orgId)
    .where('e.generation_id', 'is not', null)
    .orderBy('e.id');
  if ('generationId' in by) query = query.where('e.generation_id', '=', by.generationId);
  else {
    if (by.emailIds.length === 0) return [];
    query = query.where('e.id', 'in', [...by.emailIds]);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    generation_id: Number(row.generation_id),
    personality_type: row.personality_type ?? 'Others',
  }));
}
