import { type Kysely, sql, type Transaction } from 'kysely';
import type { ArticlePreview, CurationResult, CurationTargetsPage } from '../../../domain/contentArticles.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { ARTICLE_NOT_FOUND, loadArticles, type Viewer, visibleTo } from '../content/articleListing.ts';

export const EDITION_NOT_FOUND = 'Edition not found.';
export const EMAIL_NOT_FOUND = 'Email not found.';
export const NOT_A_DRAFT = 'Articles can be changed only in a draft edition.';
export const NO_DRAFT = 'This email has no draft edition to add articles to.';
export const NOT_IN_EDITION = 'This article is not in the edition.';

type Edition = { id: number; email_id: number; status: string; campaign_id: number | null };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The edition to curate into, locked: the given version, or the email's newest draft. */
async function lockTarget(
  trx: Transaction<Database>,
  orgId: number,
  target: { versionId: number | null; emailId: number | null; campaignId: number | null },
): Promise<Edition> {
  let edition: Edition | undefined;
  if (target.versionId !== null) {
    edition = await trx
      .selectFrom('email_versions as v')
      .innerJoin('emails as e', 'e.id', 'v.email_id')
      .select(['v.id', 'v.email_id', 'v.status', 'e.campaign_id'])
      .where('v.id', '=', target.versionId)
      .where('v.org_id', '=', orgId)
      .forUpdate('v')
      .executeTakeFirst();
    if (!edition || (target.emailId !== null && edition.email_id !== target.emailId))
      throw notFound(EDITION_NOT_FOUND);
  } else {
    const email = await trx
      .selectFrom('emails')
      .select(['id', 'campaign_id'])
      .where('id', '=', target.emailId ?? 0)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!email) throw notFound(EMAIL_NOT_FOUND);
    edition = await trx
      .selectFrom('email_versions as v')
      .select(['v.id', 'v.email_id', 'v.status'])
      .select(sql<number | null>`${email.campaign_id}::int`.as('campaign_id'))
      .where('v.email_id', '=', email.id)
      .where('v.status', '=', 'draft')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1)
      .forUpdate('v')
      .executeTakeFirst();
    if (!edition) throw badRequest(NO_DRAFT);
  }
  if (target.campaignId !== null && edition.campaign_id !== target.campaignId)
    throw notFound(EDITION_NOT_FOUND);
  if (edition.status !== 'draft') throw badRequest(NOT_A_DRAFT);
  return edition;
}

/** The edition, its email and its campaign were changed now: the campaign takes the top of the list. */
async function touch(trx: Transaction<Database>, orgId: number, edition: Edition): Promise<Date> {
  const row = await trx
    .updateTable('email_versions')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', edition.id)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('emails')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', edition.email_id)
    .execute();
  if (edition.campaign_id !== null)
    await trx
      .updateTable('campaigns')
      .set({
        updated_at: sql<Date>`now()`,
        position: sql<number>`(select coalesce(max(position), 0) + 1 from campaigns where org_id = ${orgId})`,
      })
      .where('id', '=', edition.campaign_id)
      .where('org_id', '=', orgId)
      .execute();
  return row.updated_at as unknown as Date;
}

async function editionSummary(trx: Db, versionId: number) {
  const { rows } = await sql<{ n: string | number; image: string | null }>`
    select count(*) as n,
      (select a.image_url from edition_articles ea2 join articles a on a.id = ea2.article_id
       where ea2.version_id = ${versionId} order by ea2.position, ea2.added_at limit 1) as image
    from edition_articles ea where ea.version_id = ${versionId}
  `.execute(trx);
  return { count: Number(rows[0]?.n ?? 0), image: rows[0]?.image ?? null };
}

/**
 * curated_articles/: adds articles to a draft edition, after its last one, in the order given, in one
 * transaction; an article the edition holds already is not added again and is named in
 * articles_already_curated. Something added bumps the edition, the email and the campaign (to the top).
 */
export async function curateArticles(
  db: Kysely<Database>,
  viewer: Viewer,
  input: {
    articleIds: number[];
    versionId: number | null;
    emailId: number | null;
    campaignId: number | null;
  },
): Promise<CurationResult> {
  return db.transaction().execute(async (trx) => {
    const edition = await lockTarget(trx, viewer.orgId, input);
    const { rows: visible } = await sql<{ id: number }>`
      select a.id from articles a where a.id = any(${input.articleIds}::int[]) and ${visibleTo(viewer.orgId)}
    `.execute(trx);
    if (visible.length !== input.articleIds.length) throw notFound(ARTICLE_NOT_FOUND);
    const held = new Set(
      (
        await trx
          .selectFrom('edition_articles')
          .select('article_id')
          .where('version_id', '=', edition.id)
          .where('article_id', 'in', input.articleIds)
          .execute()
      ).map((row) => row.article_id),
    );
    const toAdd = input.articleIds.filter((id) => !held.has(id));
    let lastUpdate: Date | null = null;
    if (toAdd.length > 0) {
      await sql`
        insert into edition_articles (version_id, article_id, position, added_by)
        select ${edition.id}, t.id,
          (select coalesce(max(position), 0) from edition_articles where version_id = ${edition.id}) + t.n,
          ${viewer.userId}
        from unnest(${toAdd}::int[]) with ordinality as t(id, n)
        on conflict (version_id, article_id) do nothing
      `.execute(trx);
      lastUpdate = await touch(trx, viewer.orgId, edition);
    } else {
      const row = await trx
        .selectFrom('email_versions')
        .select('updated_at')
        .where('id', '=', edition.id)
        .executeTakeFirstOrThrow();
      lastUpdate = row.updated_at as unknown as Date;
    }
    const summary = await editionSummary(trx, edition.id);
    return {
      version_id: edition.id,
      email_id: edition.email_id,
      campaign_id: edition.campaign_id,
      articles_count: summary.count,
      last_update: iso(lastUpdate),
      image: summary.image,
      added_article_ids: toAdd,
      articles_already_curated: input.articleIds.filter((id) => held.has(id)),
    };
  });
}

/** delete_curated_article/: takes an article out of a draft edition. */
export async function removeCuratedArticle(
  db: Kysely<Database>,
  viewer: Viewer,
  versionId: number,
  articleId: number,
): Promise<{ articles_count: number; last_update: string; image: string | null }> {
  return db.transaction().execute(async (trx) => {
    const edition = await lockTarget(trx, viewer.orgId, { versionId, emailId: null, campaignId: null });
    const removed = await trx
      .deleteFrom('edition_articles')
      .where('version_id', '=', edition.id)
      .where('article_id', '=', articleId)
      .returning('article_id')
      .executeTakeFirst();
    if (!removed) throw notFound(NOT_IN_EDITION);
    const lastUpdate = await touch(trx, viewer.orgId, edition);
    const summary = await editionSummary(trx, edition.id);
    return { articles_count: summary.count, last_update: iso(lastUpdate), image: summary.image };
  });
}

/** get_article_preview/: an article with an excerpt of its text; with version_id, whether the edition holds it. */
export async function articlePreview(
  db: Db,
  viewer: Viewer,
  articleId: number,
  versionId: number | null,
): Promise<ArticlePreview> {
  let inEdition = false;
  if (versionId !== null) {
    const edition = await db
      .selectFrom('email_versions')
      .select('id')
      .where('id', '=', versionId)
      .where('org_id', '=', viewer.orgId)
      .executeTakeFirst();
    if (!edition) throw notFound(EDITION_NOT_FOUND);
    inEdition =
      (await db
        .selectFrom('edition_articles')
        .select('article_id')
        .where('version_id', '=', versionId)
        .where('article_id', '=', articleId)
        .executeTakeFirst()) !== undefined;
  }
  const article = (await loadArticles(db, viewer, [articleId], '')).get(articleId);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  const text = await db
    .selectFrom('articles')
    .select(sql<string>`left(coalesce(content_text, description), 1500)`.as('excerpt'))
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();
  return { ...article, sent_date: null, clicks: null, content_excerpt: text.excerpt, in_edition: inEdition };
}

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
  const { rows } = await sql<{
    version_id: number;
    email_id: number;
    email_name: string;
    name: string;
    campaign_id: number | null;
    campaign_name: string | null;
    updated_at: Date | string;
    created_at: Date | string;
    articles_count: string | number;
    image: string | null;
  }>`
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
      last_update: iso(row.updated_at),
      created_on: iso(row.created_at),
    })),
  };
}
