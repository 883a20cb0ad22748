import { type ExpressionBuilder, sql } from 'kysely';
import type { TemplateSummary } from '../../../domain/publishAnswers.ts';
import type { TemplatesQuery } from '../../../domain/publishSchemas.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { listingPage } from '../../lib/listingPage.ts';
import type { Viewer } from './Viewer.ts';

type TemplateEb = ExpressionBuilder<Database & { t: Database['email_templates'] }, 't'>;

/** Which templates a tab shows (all = the product's featured ones + the organisation's shared ones + mine). */
function tabFilter(eb: TemplateEb, viewer: Viewer, tab: TemplatesQuery['tab']) {
  const product = eb('t.org_id', 'is', null);
  const shared = eb.and([eb('t.org_id', '=', viewer.orgId), eb('t.shared', '=', true)]);
  const mine = eb.and([eb('t.org_id', '=', viewer.orgId), eb('t.user_id', '=', viewer.userId)]);
  switch (tab) {
    case 'featured_tab':
      return eb.and([product, eb('t.featured', '=', true)]);
    case 'shared_templates_tab':
      return shared;
    case 'my_templates_tab':
      return mine;
    default:
      return eb.or([eb.and([product, eb('t.featured', '=', true)]), shared, mine]);
  }
}

/** templates/: a page of a tab's templates, the product's first, then the latest changed. */
export async function listTemplates(
  db: Db,
  viewer: Viewer,
  query: TemplatesQuery,
): Promise<{ total_count: number; data: TemplateSummary[] }> {
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db
    .selectFrom('email_templates as t')
    .where((eb) => tabFilter(eb as unknown as TemplateEb, viewer, query.tab))
    .$if(query.search !== '', (qb) =>
      qb.where((eb) => eb.or([eb('t.name', 'ilike', pattern), eb('t.description', 'ilike', pattern)])),
    );
  const found = await listingPage(
    db,
    base
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.name',
        't.description',
        't.featured',
        't.shared',
        't.org_id',
        't.user_id',
        't.thumbnail',
        't.updated_at',
        sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('created_by'),
      ])
      .orderBy(sql`t.org_id is null`, 'desc')
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc'),
    { offset: query.offset, limit: query.limit },
  );
  return {
    total_count: found.total,
    data: found.rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      featured: row.featured,
      shared: row.shared,
      is_mine: row.org_id === viewer.orgId && row.user_id === viewer.userId,
      thumbnail: row.thumbnail,
      created_by: row.org_id === null ? null : row.created_by,
      updated_at: new Date(row.updated_at).toISOString(),
    })),
  };
}
