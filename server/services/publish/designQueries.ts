import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  DEFAULT_THEME,
  type DesignTheme,
  type EmailDesign,
  emailDesignSchema,
  themeSchema,
} from '../../../domain/emailDesign.ts';
import type { DesignArticle } from '../../../domain/publishAnswers.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { productTemplates, withBrand } from './productTemplates.ts';

export const EDITION_NOT_FOUND = 'Edition not found.';
export const TEMPLATE_NOT_FOUND = 'Template not found.';

/** An edition with what the designer and the renderer need of its email. */
export type EditionRow = {
  id: number;
  org_id: number;
  email_id: number;
  name: string;
  subject: string;
  status: string;
  design: unknown;
  design_saved_at: Date | null;
  text_preview: string | null;
  text_preview_edited: boolean;
  web_id: string | null;
  email_name: string;
  email_type: number;
  campaign_id: number | null;
};

/** The columns of an edition (email_versions as v) that every read of one starts from. */
export const EDITION_COLUMNS = [
  'v.id',
  'v.org_id',
  'v.email_id',
  'v.name',
  'v.subject',
  'v.status',
  'v.design',
] as const;

function editionQuery(db: Db) {
  return db
    .selectFrom('email_versions as v')
    .innerJoin('emails as e', 'e.id', 'v.email_id')
    .select([
      ...EDITION_COLUMNS,
      'v.design_saved_at',
      'v.text_preview',
      'v.text_preview_edited',
      'v.web_id',
      'e.name as email_name',
      'e.email_type',
      'e.campaign_id',
    ]);
}

/** The organisation's edition, or 404 (another organisation's edition is not found either). */
export async function loadEdition(db: Db, orgId: number, versionId: number): Promise<EditionRow> {
  const row = await editionQuery(db)
    .where('v.id', '=', versionId)
    .where('v.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound(EDITION_NOT_FOUND);
  return row;
}

/** The edition published under a web id (the public web version and RSS feed), or undefined. */
export async function editionByWebId(db: Db, webId: string): Promise<EditionRow | undefined> {
  return editionQuery(db).where('v.web_id', '=', webId).executeTakeFirst();
}

/** The edition's curated articles, in edition order. */
export async function loadDesignArticles(db: Db, versionId: number): Promise<DesignArticle[]> {
  const rows = await db
    .selectFrom('edition_articles as ea')
    .innerJoin('articles as a', 'a.id', 'ea.article_id')
    .leftJoin('article_sources as s', 's.id', 'a.source_id')
    .select([
      'a.id',
      'a.title',
      'a.link',
      'a.image_url',
      'a.description',
      'a.website',
      's.name as source_name',
      'a.published_at',
    ])
    .where('ea.version_id', '=', versionId)
    .orderBy('ea.position')
    .orderBy('ea.article_id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.link,
    image_url: row.image_url,
    summary: row.description,
    source_name: row.source_name ?? row.website,
    published_at: new Date(row.published_at).toISOString(),
  }));
}

export type Brand = { theme: DesignTheme; postal_address: string };

/** The organisation's brand theme (the product's default when it has none) and postal address. */
export async function loadBrand(db: Db, orgId: number): Promise<Brand> {
  const row = await db
    .selectFrom('organisations as o')
    .leftJoin('brand_themes as b', 'b.org_id', 'o.id')
    .select(['o.postal_address', 'b.theme'])
    .where('o.id', '=', orgId)
    .executeTakeFirst();
  const parsed = themeSchema.safeParse(row?.theme);
  return { theme: parsed.success ? parsed.data : DEFAULT_THEME, postal_address: row?.postal_address ?? '' };
}

/** A stored design document, or null when it is missing or no longer valid. */
export function storedDesign(value: unknown): EmailDesign | null {
  if (value === null || value === undefined) return null;
  let document = value;
  if (typeof value === 'string') {
    try {
      document = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = emailDesignSchema.safeParse(document);
  return parsed.success ? parsed.data : null;
}

/** default_template/: 'Weekly digest' in the organisation's brand theme, with its postal address. */
export function defaultDesign(brand: Brand, digest = true): EmailDesign {
  const [template] = productTemplates();
  if (!template) throw new Error('No product template.');
  const design = withBrand(template.design, brand.theme, brand.postal_address);
  return digest
    ? design
    : { ...design, blocks: design.blocks.filter((block) => block.kind !== 'articleList') };
}

export type TemplateRow = {
  id: number;
  org_id: number | null;
  user_id: number | null;
  name: string;
  description: string;
  design: unknown;
  featured: boolean;
  shared: boolean;
  thumbnail: string | null;
  updated_at: Date;
  created_by: string | null;
};

/**
 * A template the user may use: the product's, their organisation's shared ones, or their own. Another
 * organisation's template, or a colleague's unshared one, is not found (404).
 */
export async function loadTemplate(
  db: Db,
  viewer: { orgId: number; userId: number },
  id: number,
): Promise<TemplateRow> {
  const row = await db
    .selectFrom('email_templates as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.org_id',
      't.user_id',
      't.name',
      't.description',
      't.design',
      't.featured',
      't.shared',
      't.thumbnail',
      't.updated_at',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('created_by'),
    ])
    .where('t.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('t.org_id', 'is', null),
        eb.and([
          eb('t.org_id', '=', viewer.orgId),
          eb.or([eb('t.shared', '=', true), eb('t.user_id', '=', viewer.userId)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

/** A template's design; the product's templates take the organisation's brand and postal address. */
export function templateDesign(template: TemplateRow, brand: Brand): EmailDesign {
  const design = storedDesign(template.design);
  if (!design) throw notFound(TEMPLATE_NOT_FOUND);
  return template.org_id === null ? withBrand(design, brand.theme, brand.postal_address) : design;
}

/** An unguessable public id: 128 random bits, base64url (22 characters). */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** template/{id}/: a template's design, the product's in the organisation's brand. */
export async function brandedTemplate(db: Db, viewer: { orgId: number; userId: number }, id: number) {
  const template = await loadTemplate(db, viewer, id);
  const design = templateDesign(template, await loadBrand(db, viewer.orgId));
  return { id: template.id, name: template.name, design };
}

/**
 * The design a never-designed edition starts from: the organisation's default template (default_template/)
 * in its brand, else 'Weekly digest'; an ad hoc email's leaves out the article lists.
 */
export async function organisationDefaultDesign(
  db: Db,
  orgId: number,
  brand: Brand,
  digest = true,
): Promise<{ template_id: number | null; design: EmailDesign }> {
  const row = await db
    .selectFrom('organisations as o')
    .innerJoin('email_templates as t', 't.id', 'o.default_template_id')
    .select(['t.id', 't.org_id', 't.design'])
    .where('o.id', '=', orgId)
    .executeTakeFirst();
  const chosen = row ? storedDesign(row.design) : null;
  if (!row || !chosen) return { template_id: null, design: defaultDesign(brand, digest) };
  const design = row.org_id === null ? withBrand(chosen, brand.theme, brand.postal_address) : chosen;
  return {
    template_id: row.id,
    design: digest
      ? design
      : { ...design, blocks: design.blocks.filter((block) => block.kind !== 'articleList') },
  };
}

/** GET default_template/: the organisation's default template's design in its brand, and its id. */
export async function brandedDefaultDesign(db: Db, orgId: number) {
  return organisationDefaultDesign(db, orgId, await loadBrand(db, orgId));
}
