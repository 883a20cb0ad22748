import { sql } from 'kysely';
import { DESIGN_NAME_EXISTS, type EmailDesign, MISSING_LINK } from '../../../domain/emailDesign.ts';
import { fillMergeFields, type MergeValues } from '../../../domain/mergeFields.ts';
import {
  type DesignData,
  type DesignSaved,
  type DesignSaveInput,
  MISSING_LINK_ERROR,
} from '../../../domain/publishSchemas.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { inTransaction } from '../campaign/campaignCommands.ts';
import type { Db } from '../campaign/campaignQueries.ts';
import {
  PREFERENCE_URL_PLACEHOLDER,
  PUBLIC_ORIGIN_PLACEHOLDER,
  resolveSendHtml,
} from '../delivery/renderMarketingEmail.ts';
import {
  type Brand,
  defaultDesign,
  type EditionRow,
  loadBrand,
  loadDesignArticles,
  loadEdition,
  loadTemplate,
  newPublicId,
  storedDesign,
  templateDesign,
} from './designQueries.ts';
import { findMissingLink } from './findMissingLink.ts';
import type { RenderContext } from './render/designToMjml.ts';
import { type RenderedDesign, renderDesign } from './render/renderDesign.ts';

export type Viewer = { orgId: number; userId: number };

/** The web version's address with the public origin left as a placeholder (filled where it is shown). */
export const webPath = (webId: string) => `${PUBLIC_ORIGIN_PLACEHOLDER}/web/${webId}`;

/** The design an edition shows: its saved one, else the default template in the organisation's brand. */
function editionDesign(edition: EditionRow, brand: Brand): EmailDesign {
  return storedDesign(edition.design) ?? defaultDesign(brand, edition.email_type === 0);
}

/** Renders an edition's design as stored and sent: merge fields and the preference link as placeholders. */
async function renderForEdition(db: Db, edition: EditionRow, design: EmailDesign): Promise<RenderedDesign> {
  const ctx: RenderContext = {
    articles: await loadDesignArticles(db, edition.id),
    title: edition.subject || edition.email_name,
    preferenceLink: true,
    webUrl: edition.web_id ? webPath(edition.web_id) : null,
  };
  return renderDesign(design, ctx);
}

/** design/: the edition, its design (saved, a chosen template's or the default), articles and brand. */
export async function designOf(
  db: Db,
  viewer: Viewer,
  query: { version_id: number; templateStyleId: number | null; change_template?: boolean },
): Promise<DesignData> {
  const edition = await loadEdition(db, viewer.orgId, query.version_id);
  const brand = await loadBrand(db, viewer.orgId);
  const saved = storedDesign(edition.design);
  let design: EmailDesign;
  if (query.templateStyleId !== null && (query.change_template || saved === null)) {
    design = templateDesign(await loadTemplate(db, viewer, query.templateStyleId), brand);
  } else design = saved ?? defaultDesign(brand, edition.email_type === 0);
  return {
    version_id: edition.id,
    email_id: edition.email_id,
    campaign_id: edition.campaign_id,
    email_name: edition.email_name,
    version_name: edition.name,
    subject: edition.subject,
    status: edition.status,
    design,
    design_saved_at: edition.design_saved_at ? new Date(edition.design_saved_at).toISOString() : null,
    preview_text: edition.text_preview,
    text_preview_edited: edition.text_preview_edited,
    articles: await loadDesignArticles(db, edition.id),
    theme: brand.theme,
    postal_address: brand.postal_address,
  };
}

/**
 * A new email "from a template" (create_email/ with template_id): its first edition starts with the
 * template's design (a product template in the organisation's brand), rendered and stored as a save would.
 * A template the user may not use, or none, is not found (404).
 */
export async function startEditionFromTemplate(
  trx: Db,
  viewer: Viewer,
  versionId: number,
  templateId: number,
): Promise<void> {
  const template = await loadTemplate(trx, viewer, templateId);
  const design = templateDesign(template, await loadBrand(trx, viewer.orgId));
  const edition = await loadEdition(trx, viewer.orgId, versionId);
  const rendered = await renderForEdition(trx, edition, design);
  const savedAt = new Date();
  await trx
    .updateTable('email_versions')
    .set({
      design: JSON.stringify(design),
      html: rendered.html,
      text_preview: rendered.text,
      design_saved_at: savedAt,
      updated_at: savedAt,
    })
    .where('id', '=', edition.id)
    .execute();
}

/**
 * design/save/: stores the design, the HTML it renders to and (unless the user edited it) its text
 * version, and renames the edition. Refused: a link without a target (missing_link, naming the block), a
 * name another edition of the email has (emailNameExists), a sent edition.
 */
export async function saveDesign(db: Db, viewer: Viewer, input: DesignSaveInput): Promise<DesignSaved> {
  const missing = findMissingLink(input.design);
  if (missing !== null)
    throw new AppError(400, MISSING_LINK, {}, { error: MISSING_LINK_ERROR, block_id: missing });
  return inTransaction(db, async (trx) => {
    const edition = await loadEdition(trx, viewer.orgId, input.version_id);
    // One save of the email's editions at a time: the name check holds until commit.
    await trx.selectFrom('emails').select('id').where('id', '=', edition.email_id).forUpdate().execute();
    if (edition.status === 'sent')
      throw badRequest('This edition has been sent: its design can no longer change.');
    const taken = await trx
      .selectFrom('email_versions')
      .select('id')
      .where('email_id', '=', edition.email_id)
      .where('id', '<>', edition.id)
      .where(sql<boolean>`lower(name) = lower(${input.version_name})`)
      .executeTakeFirst();
    if (taken) throw new AppError(400, DESIGN_NAME_EXISTS, {}, { error: DESIGN_NAME_EXISTS });
    const rendered = await renderForEdition(trx, edition, input.design);
    const savedAt = new Date();
    const text = edition.text_preview_edited ? (edition.text_preview ?? rendered.text) : rendered.text;
    await trx
      .updateTable('email_versions')
      .set({
        name: input.version_name,
        design: JSON.stringify(input.design),
        html: rendered.html,
        text_preview: text,
        design_saved_at: savedAt,
        updated_at: savedAt,
      })
      .where('id', '=', edition.id)
      .execute();
    await trx.updateTable('emails').set({ updated_at: savedAt }).where('id', '=', edition.email_id).execute();
    return { version_name: input.version_name, design_saved_at: savedAt.toISOString(), preview_text: text };
  });
}

/**
 * generate_preview/: the design (an unsaved one, else the saved or default one) rendered for a sample
 * recipient: the signed-in user's name and address in the merge fields, the organisation's name as the
 * company; the preference link goes nowhere.
 */
export async function previewDesign(
  db: Db,
  viewer: Viewer,
  versionId: number,
  unsaved: EmailDesign | undefined,
  publicOrigin: string,
): Promise<{ html: string; text: string }> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  const design = unsaved ?? editionDesign(edition, await loadBrand(db, viewer.orgId));
  const rendered = await renderForEdition(db, edition, design);
  const sample = await db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.org_id')
    .select(['u.first_name', 'u.last_name', 'u.email', 'o.name as company'])
    .where('u.id', '=', viewer.userId)
    .executeTakeFirst();
  const values: MergeValues = sample ?? {};
  const finish = (text: string, encode?: (value: string) => string) =>
    resolveSendHtml(fillMergeFields(text, values, encode), publicOrigin, publicOrigin)
      .split(PREFERENCE_URL_PLACEHOLDER)
      .join('#');
  return { html: finish(rendered.html, escapeHtml), text: finish(rendered.text) };
}

/** default_text_preview/: the generated text version, stored as the edition's (the edit flag cleared). */
export async function resetTextPreview(
  db: Db,
  viewer: Viewer,
  versionId: number,
  unsaved: EmailDesign | undefined,
): Promise<string> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  const design = unsaved ?? editionDesign(edition, await loadBrand(db, viewer.orgId));
  const { text } = await renderForEdition(db, edition, design);
  await db
    .updateTable('email_versions')
    .set({ text_preview: text, text_preview_edited: false, updated_at: new Date() })
    .where('id', '=', edition.id)
    .execute();
  return text;
}

/** update_text_preview/: the user's own text version, kept until default_text_preview/. */
export async function updateTextPreview(
  db: Db,
  viewer: Viewer,
  versionId: number,
  text: string,
): Promise<string> {
  const edition = await loadEdition(db, viewer.orgId, versionId);
  await db
    .updateTable('email_versions')
    .set({ text_preview: text, text_preview_edited: true, updated_at: new Date() })
    .where('id', '=', edition.id)
    .execute();
  return text;
}

/**
 * The edition's public web id, made once (128 random bits). The first time, a saved design is rendered
 * again so its stored HTML carries the "View in browser" link.
 */
export async function ensureWebId(db: Db, viewer: Viewer, versionId: number): Promise<string> {
  return inTransaction(db, async (trx) => {
    const locked = await trx
      .selectFrom('email_versions')
      .select(['id', 'web_id'])
      .where('id', '=', versionId)
      .where('org_id', '=', viewer.orgId)
      .forUpdate()
      .executeTakeFirst();
    const edition = await loadEdition(trx, viewer.orgId, versionId);
    if (locked?.web_id) return locked.web_id;
    const webId = newPublicId();
    const design = storedDesign(edition.design);
    const set: { web_id: string; html?: string } = { web_id: webId };
    if (design) set.html = (await renderForEdition(trx, { ...edition, web_id: webId }, design)).html;
    await trx.updateTable('email_versions').set(set).where('id', '=', edition.id).execute();
    return webId;
  });
}

/** The web version of an edition for a neutral reader: merge fields' fallbacks, no preference link. */
/** Everything an edition's web version is made from: the same inputs always give the same page. */
export type WebVersionInputs = { design: EmailDesign; context: RenderContext };

export async function webVersionInputs(db: Db, edition: EditionRow): Promise<WebVersionInputs> {
  const design = editionDesign(edition, await loadBrand(db, edition.org_id));
  const context: RenderContext = {
    articles: await loadDesignArticles(db, edition.id),
    title: edition.subject || edition.email_name,
    preferenceLink: false,
    webUrl: null,
  };
  return { design, context };
}

export async function renderWebVersion(inputs: WebVersionInputs, publicOrigin: string): Promise<string> {
  const rendered = await renderDesign(inputs.design, inputs.context);
  return resolveSendHtml(fillMergeFields(rendered.html, {}), publicOrigin, publicOrigin);
}

/**
 * publish_html_preview/ and export_rss_link/: the address of the edition's public web version (or of
 * its RSS feed), its web id made on first use; a template_id given must be one the user may use.
 */
export async function webVersionUrl(
  db: Db,
  viewer: Viewer,
  query: { version_id: number; template_id?: number | null },
  publicOrigin: string,
  what: 'page' | 'rss',
): Promise<string> {
  if (query.template_id !== undefined && query.template_id !== null) {
    await loadTemplate(db, viewer, query.template_id);
  }
  const webId = await ensureWebId(db, viewer, query.version_id);
  return `${publicOrigin}/web/${webId}${what === 'rss' ? '/rss.xml' : ''}`;
}
