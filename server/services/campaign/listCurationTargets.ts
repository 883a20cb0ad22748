import { sql } from 'kysely';
import type { CurationTarget, CurationTargetsPage } from '../../../domain/contentArticles.ts';
import type { Db } from '../../db/Db.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { isoTime } from './isoTime.ts';

/** curation_targets/: the organisation's draft editions, last changed first, with their count and image. */
export async function listCurationTargets(
  db: Db,
  orgId: number,
  page: { search: string; offset: number; limit: number },
): Promise<CurationTargetsPage> {
  const search =
    page.search === ''
      ? sql`true`
      : sql`(e.name ilike ${likePattern(page.search)} or c.name ilike ${likePattern(page.search)})`;
  const { rows } = await sql<
    Omit<CurationTarget, 'articles_count' | 'last_update' | 'created_on'> & {
      updated_at: Date | string;
      created_at: Date | string;
      articles_count: string | number;
    }
  >`
    select v.id as version_id, e.id as email_id, e.name as email_name, v.name, c.id as campaign_id,
      c.name as campaign_name, v.updated_at, v.created_at,
      (select count(*) from edition_articles ea where ea.version_id = v.id) as articles_count,
      (select a.image_url from edition_articles ea join articles a on a.id = ea.article_id
       where ea.version_id = v.id order by ea.position limit 1) as image
    from email_versions v
    join emails e on e.id = v.email_id
    left join campaigns c on c.id = e.campaign_id
    where v.org_id = ${orgId} and v.status = 'draft' and ${search}
    order by v.updated_at desc, v.id desc
    limit ${page.limit} offset ${page.offset}
  `.execute(db);
  const total = await sql<{ n: string | number }>`
    select count(*) as n from email_versions v join emails e on e.id = v.email_id
    left join campaigns c on c.id = e.campaign_id
    where v.org_id = ${orgId} and v.status = 'draft' and ${search}
  `.execute(db);
  return {
    total_count: Number(total.rows[0]?.n ?? 0),
    data: rows.map((row) => ({
      version_id: row.version_id,
      email_id: row.email_id,
      email_name: row.email_name,
      name: row.name,
      campaign_id: row.campaign_id,
      campaign_name: row.campaign_name,
      articles_count: Number(row.articles_count),
      image: row.image,
      last_update: isoTime(row.updated_at),
      created_on: isoTime(row.created_at),
    })),
  };
}
