import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';
import type { ArticleConcept } from '../../db/schema.ts';

/** Writes the concepts of several articles in one statement. */
export async function setConcepts(
  trx: Db,
  concepts: readonly { id: number; concepts: ArticleConcept[] }[],
): Promise<void> {
  if (concepts.length === 0) return;
  await sql`
    update articles a set concepts = v.concepts
    from jsonb_to_recordset(${JSON.stringify(concepts)}::jsonb) as v(id integer, concepts jsonb)
    where a.id = v.id
  `.execute(trx);
}
