import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

export async function curatedEditionSummary(trx: Db, versionId: number) {
  const { rows } = await sql<{ n: string | number; image: string | null }>`
    select count(*) as n,
      (select a.image_url from edition_articles ea2 join articles a on a.id = ea2.article_id
       where ea2.version_id = ${versionId} order by ea2.position, ea2.added_at limit 1) as image
    from edition_articles ea where ea.version_id = ${versionId}
  `.execute(trx);
  return { count: Number(rows[0]?.n ?? 0), image: rows[0]?.image ?? null };
}
