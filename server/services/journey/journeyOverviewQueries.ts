import { type Kysely, sql } from 'kysely';
import type { JourneyOverview, JourneyOverviewRow } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { journeyCriteria } from './journeyCriteria.ts';
import { currentStageCounts } from './stageCountQueries.ts';

type Row = {
  contact_id: number;
  full_name: string;
  contact_email: string;
  account_id: number | null;
  company_name: string | null;
  engagement_score: number;
  buyer_stage: string;
  last_activity: Date | string | null;
};

/**
 * overview/: the organisation's stages with their contacts, and a page of its contacts by score (highest
 * first) of one stage (buyer_stage_filter) or all, found by name or address (search: anywhere in them).
 */
export async function journeyOverview(
  db: Kysely<Database>,
  orgId: number,
  query: { buyer_stage_filter: string; search: string; page: number; page_size: number },
): Promise<JourneyOverview> {
  const criteria = await journeyCriteria(db, orgId);
  const filters = [sql`ct.org_id = ${orgId}`];
  if (query.buyer_stage_filter) filters.push(sql`ct.buyer_stage = ${query.buyer_stage_filter}`);
  if (query.search) {
    const term = likePattern(query.search.toLowerCase());
    filters.push(sql`(ct.full_name_lower like ${term} or ct.email_lower like ${term})`);
  }
  const where = sql.join(filters, sql` and `);
  const [stages, count, page] = await Promise.all([
    currentStageCounts(db, orgId, criteria.stages),
    sql<{ n: string | number }>`select count(*) as n from contacts ct where ${where}`.execute(db),
    sql<Row>`
      select ct.id as contact_id, trim(ct.first_name || ' ' || ct.last_name) as full_name,
        ct.email as contact_email, ct.account_id, a.name as company_name, ct.engagement_score, ct.buyer_stage,
        (select max(p.at) from journey_points p where p.contact_id = ct.id) as last_activity
      from contacts ct left join accounts a on a.id = ct.account_id
      where ${where}
      order by ct.engagement_score desc, ct.id
      offset ${(query.page - 1) * query.page_size} limit ${query.page_size}`.execute(db),
  ]);
  return {
    stages,
    total_records: Number(count.rows[0]?.n ?? 0),
    result: page.rows.map(
      (row): JourneyOverviewRow => ({
        ...row,
        last_activity: row.last_activity === null ? null : new Date(row.last_activity).toISOString(),
      }),
    ),
  };
}
