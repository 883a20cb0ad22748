import { type ExpressionBuilder, sql } from 'kysely';
import type { DesignTheme, EmailDesign } from '../../../domain/emailDesign.ts';
import type { TemplateSummary, TemplatesQuery } from '../../../domain/publishSchemas.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import type { Viewer } from './designCommands.ts';
import {
  EDITION_NOT_FOUND,
  loadBrand,
  loadEdition,
  storedDesign,
  TEMPLATE_NOT_FOUND,
} from './designQueries.ts';

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
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
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
      .orderBy('t.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ]);
  return {
    total_count: Number(count.n),
    data: rows.map((row) => ({
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

/** save_template/: the design of an edition (saved, else the default) or the one given, as a template. */
export async function saveTemplate(
  db: Db,
  viewer: Viewer,
  input: {
    name: string;
    description: string;
    shared: boolean;
    version_id: number | null;
    design?: EmailDesign;
  },
): Promise<{ id: number; name: string }> {
  let design = input.design;
  if (design === undefined && input.version_id !== null) {
    const edition = await loadEdition(db, viewer.orgId, input.version_id);
    design = storedDesign(edition.design) ?? undefined;
    if (!design) throw badRequest('This edition has no saved design yet: save it first.');
  }
  if (!design) throw notFound(EDITION_NOT_FOUND);
  const row = await db
    .insertInto('email_templates')
    .values({
      org_id: viewer.orgId,
      user_id: viewer.userId,
      name: input.name,
      description: input.description.trim(),
      design: JSON.stringify(design),
      shared: input.shared,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * delete_template/: the user's own templates only (a shared one, too, only by its author). The product's
 * templates, a colleague's and another organisation's are not found.
 */
export async function deleteTemplate(db: Db, viewer: Viewer, templateId: number): Promise<void> {
  const deleted = await db
    .deleteFrom('email_templates')
    .where('id', '=', templateId)
    .where('org_id', '=', viewer.orgId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(TEMPLATE_NOT_FOUND);
}

/** POST brand_theme/: the organisation's brand theme and (when given) postal address. */
export async function saveBrand(
  db: Db,
  orgId: number,
  input: { theme: DesignTheme; postal_address?: string },
): Promise<{ theme: DesignTheme; postal_address: string }> {
  await db
    .insertInto('brand_themes')
    .values({ org_id: orgId, theme: JSON.stringify(input.theme) })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({ theme: JSON.stringify(input.theme), updated_at: new Date() }),
    )
    .execute();
  if (input.postal_address !== undefined)
    await db
      .updateTable('organisations')
      .set({ postal_address: input.postal_address })
      .where('id', '=', orgId)
      .execute();
  return loadBrand(db, orgId);
}
