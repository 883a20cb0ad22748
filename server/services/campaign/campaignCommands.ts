import { sql, type Transaction } from 'kysely';
import { CAMPAIGN_NAME_EXISTS, type CreateCampaignInput } from '../../../domain/campaignSchemas.ts';
import type { CampaignDeletion, CampaignSummary } from '../../../domain/campaigns.ts';
import type { CampaignAdvancedSearch, Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/AppError.ts';
import { checkSources } from '../content/articleListing.ts';
import { isInternalUser } from '../workflow/emailAccess.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { campaignNameTaken, type Db, loadCampaignSummary, lockOrgCampaign } from './campaignQueries.ts';

export type Actor = Pick<UserRow, 'id' | 'org_id' | 'internal_level' | 'email' | 'first_name' | 'last_name'>;

/** Serialises the campaign changes of one organisation (positions and names are checked under this lock). */
export async function lockOrganisation(trx: Db, orgId: number) {
  await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
}

/** Runs a change in a transaction (or in the caller's). */
export async function inTransaction<T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db as Transaction<Database>);
  return db.transaction().execute(run);
}

/** A changed campaign takes the top of the list with last update now ('just now'). */
export async function moveCampaignToTop(trx: Db, orgId: number, campaignId: number | null) {
  if (campaignId === null) return;
  await sql`
    update campaigns set updated_at = now(),
      position = (select coalesce(max(position), 0) + 1 from campaigns where org_id = ${orgId})
    where id = ${campaignId} and org_id = ${orgId}`.execute(trx);
}

/** The ids among ids that are not the organisation's (contacts or lists). */
async function foreignIds(trx: Db, table: 'contacts' | 'contact_lists', orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const own = await trx
    .selectFrom(table)
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
  const found = new Set(own.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

type SourceList = { global: boolean; ids: number[] };
type AdvancedInput = Partial<
  Pick<CreateCampaignInput, 'advanced_search' | 'include_keywords' | 'exclude_keywords'> & {
    include_sources: SourceList;
    exclude_sources: SourceList;
  }
>;

/**
 * The campaign's stored advanced search: advanced_search merged with the four separate fields. Sources are
 * 'global' or ids, as the content explorer's advanced search names them (docs/campaigns.md).
 */
export function campaignAdvancedSearch(input: AdvancedInput): CampaignAdvancedSearch {
  const advanced: CampaignAdvancedSearch = { ...(input.advanced_search ?? {}) };
  const sources = (list: SourceList | undefined) =>
    list ? [...(list.global ? (['global'] as const) : []), ...list.ids] : [];
  const merge = <K extends keyof CampaignAdvancedSearch>(key: K, extra: CampaignAdvancedSearch[K]) => {
    if (extra && extra.length > 0)
      advanced[key] = [...new Set([...(advanced[key] ?? []), ...extra])] as CampaignAdvancedSearch[K];
  };
  merge('include_sources', sources(input.include_sources));
  merge('exclude_sources', sources(input.exclude_sources));
  merge('include_keywords', input.include_keywords);
  merge('exclude_keywords', input.exclude_keywords);
  return advanced;
}

/**
 * create_campaign/ (and create_email/ with create_campaign_flag): a new campaign on top. A source of its
 * advanced search that is neither the global pool's nor the organisation's is not found (404).
 */
export async function createCampaignIn(
  trx: Transaction<Database>,
  user: Actor,
  input: Pick<CreateCampaignInput, 'campaign_name' | 'keywords' | 'contact_ids' | 'list_ids'> & AdvancedInput,
): Promise<number> {
  await lockOrganisation(trx, user.org_id);
  if (await campaignNameTaken(trx, user.org_id, input.campaign_name)) throw badRequest(CAMPAIGN_NAME_EXISTS);
  if ((await foreignIds(trx, 'contact_lists', user.org_id, input.list_ids)).length > 0)
    throw notFound('List not found.');
  if ((await foreignIds(trx, 'contacts', user.org_id, input.contact_ids)).length > 0)
    throw notFound('Contact not found.');
  const advanced = campaignAdvancedSearch(input);
  const sourceIds = [...(advanced.include_sources ?? []), ...(advanced.exclude_sources ?? [])].filter(
    (id): id is number => typeof id === 'number',
  );
  await checkSources(trx, user.org_id, sourceIds);
  const row = await trx
    .insertInto('campaigns')
    .values({
      org_id: user.org_id,
      user_id: user.id,
      name: input.campaign_name,
      keywords: input.keywords,
      advanced_search: JSON.stringify(advanced),
      position: sql<number>`(select coalesce(max(position), 0) + 1 from campaigns where org_id = ${user.org_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.list_ids.length > 0)
    await trx
      .insertInto('campaign_lists')
      .values(input.list_ids.map((list_id) => ({ campaign_id: row.id, list_id })))
      .execute();
  if (input.contact_ids.length > 0)
    await trx
      .insertInto('campaign_contacts')
      .values(input.contact_ids.map((contact_id) => ({ campaign_id: row.id, contact_id })))
      .execute();
  return row.id;
}

export async function createCampaign(
  db: Db,
  user: Actor,
  input: CreateCampaignInput,
): Promise<CampaignSummary> {
  return inTransaction(db, async (trx) => {
    const id = await createCampaignIn(trx, user, input);
    return loadCampaignSummary(trx, user.org_id, id);
  });
}

/** update_campaign/: a new name (its own name in another case is allowed); the campaign takes the top. */
export async function renameCampaign(db: Db, user: Actor, campaignId: number, name: string) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    await lockOrgCampaign(trx, user.org_id, campaignId);
    if (await campaignNameTaken(trx, user.org_id, name, campaignId)) throw badRequest(CAMPAIGN_NAME_EXISTS);
    await trx.updateTable('campaigns').set({ name }).where('id', '=', campaignId).execute();
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return loadCampaignSummary(trx, user.org_id, campaignId);
  });
}

/** "Copy of X", then "Copy of X (2)", ...: the first name no campaign of the organisation has. */
async function copyName(trx: Db, orgId: number, original: string): Promise<string> {
  const base = `Copy of ${original}`.slice(0, 110);
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? base : `${base} (${i})`;
    if (!(await campaignNameTaken(trx, orgId, candidate))) return candidate;
  }
  throw badRequest('This campaign has too many copies already.');
}

/**
 * Copies an email (row, draft editions with their designs, rendered HTML and text versions, their curated
 * articles; never sends, sent editions or the public web id) into a campaign under a name. Returns the
 * copy's id.
 */
export async function copyEmail(
  trx: Db,
  user: Actor,
  emailId: number,
  campaignId: number | null,
  name: string,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into emails (org_id, user_id, campaign_id, name, subject, email_type, design_ready, sent_from, sender_name,
      thumbnail, email_platform, html)
    select org_id, ${user.id}, ${campaignId}, ${name}, subject, email_type, design_ready, sent_from, sender_name,
      thumbnail, email_platform, html
    from emails where id = ${emailId}
    returning id`.execute(trx);
  const copyId = rows[0]?.id;
  if (copyId === undefined) throw notFound('Email not found.');
  const drafts = await trx
    .selectFrom('email_versions')
    .selectAll()
    .where('email_id', '=', emailId)
    .where('status', '=', 'draft')
    .orderBy('id')
    .execute();
  if (drafts.length === 0) return copyId; // the trigger's 'Draft Edition' stays
  await trx.deleteFrom('email_versions').where('email_id', '=', copyId).execute();
  for (const draft of drafts) {
    const edition = await trx
      .insertInto('email_versions')
      .values({
        org_id: draft.org_id,
        email_id: copyId,
        user_id: user.id,
        name: draft.name,
        subject: draft.subject,
        status: 'draft',
        is_active: draft.is_active,
        thumbnail: draft.thumbnail,
        design: draft.design === null ? null : JSON.stringify(draft.design),
        design_saved_at: draft.design_saved_at,
        html: draft.html,
        text_preview: draft.text_preview,
        text_preview_edited: draft.text_preview_edited,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into edition_articles (version_id, article_id, position, added_by, added_at)
      select ${edition.id}, article_id, position, added_by, added_at from edition_articles where version_id = ${draft.id}`.execute(
      trx,
    );
  }
  return copyId;
}

/**
 * clone_campaign/{id}/: a copy with the same keywords, advanced search, audience and emails (each with its
 * draft editions and their curated articles; no sends, so its totals are zero), placed right after the
 * original: the campaigns below the original move down one place and the copy takes the place under it.
 */
export async function cloneCampaign(db: Db, user: Actor, campaignId: number): Promise<CampaignSummary> {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const original = await lockOrgCampaign(trx, user.org_id, campaignId);
    const name = await copyName(trx, user.org_id, original.name);
    await trx
      .updateTable('campaigns')
      .set({ position: sql`position - 1` })
      .where('org_id', '=', user.org_id)
      .where('position', '<', original.position)
      .execute();
    const copy = await trx
      .insertInto('campaigns')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        name,
        thumbnail: original.thumbnail,
        keywords: original.keywords,
        advanced_search: JSON.stringify(original.advanced_search ?? {}),
        position: original.position - 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into campaign_lists (campaign_id, list_id)
      select ${copy.id}, list_id from campaign_lists where campaign_id = ${campaignId}`.execute(trx);
    await sql`insert into campaign_contacts (campaign_id, contact_id)
      select ${copy.id}, contact_id from campaign_contacts where campaign_id = ${campaignId}`.execute(trx);
    const emails = await trx
      .selectFrom('emails')
      .select(['id', 'name'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    for (const email of emails) {
      const copied = await copyEmail(trx, user, email.id, copy.id, email.name);
      await giveCampaignAudience(trx, copied);
    }
    return loadCampaignSummary(trx, user.org_id, copy.id);
  });
}

/** The workflows of the organisation that use one of the emails (as their email or in a send step). */
export async function workflowsUsingEmails(db: Db, orgId: number, emailIds: readonly number[]) {
  if (emailIds.length === 0) return [];
  const ids = sql.join([...emailIds]);
  const { rows } = await sql<{ id: number; name: string }>`
    select w.id, w.name from workflow w
    where w.org_id = ${orgId} and (w.email_id in (${ids})
      or exists (select 1 from workflow_email we where we.workflow_id = w.id and we.email_id in (${ids})))
    order by w.id`.execute(db);
  return rows;
}

export function refuseIfUsed(workflows: { name: string }[], what: string) {
  if (workflows.length === 0) return;
  const names = workflows
    .slice(0, 3)
    .map((w) => `"${w.name}"`)
    .join(', ');
  const more = workflows.length > 3 ? ` and ${workflows.length - 3} more` : '';
  const plural = workflows.length > 1;
  throw new AppError(
    400,
    `${what} used by the workflow${plural ? 's' : ''} ${names}${more}: change ${plural ? 'them' : 'it'} to another email first.`,
  );
}

/** What deleting the campaign takes with it: its emails (with their editions) and their sends. */
export async function campaignDeletion(db: Db, orgId: number, campaignId: number): Promise<CampaignDeletion> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('id', '=', campaignId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!campaign) throw notFound('Campaign not found.');
  const emails = await db
    .selectFrom('emails')
    .select(['id', 'name', 'user_id'])
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
  const ids = emails.map((e) => e.id);
  const sends =
    ids.length === 0
      ? 0
      : Number(
          (
            await db
              .selectFrom('email_send')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('email_id', 'in', ids)
              .executeTakeFirstOrThrow()
          ).n,
        );
  return {
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    emails: emails.map((e) => ({ email_id: e.id, name: e.name })),
    sends,
    workflows: await workflowsUsingEmails(db, orgId, ids),
  };
}

/**
 * delete_campaign/: deletes the campaign with its emails, their editions and their send records (the
 * analytics events stay, without the email). Refused (400, naming them) while a workflow uses one of its
 * emails: the workflow would silently stop sending. An ordinary user may delete it only when every one of
 * its emails is theirs (see emailAccess).
 */
export async function deleteCampaign(db: Db, user: Actor, campaignId: number): Promise<CampaignDeletion> {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    await lockOrgCampaign(trx, user.org_id, campaignId);
    const deletion = await campaignDeletion(trx, user.org_id, campaignId);
    refuseIfUsed(deletion.workflows, deletion.emails.length > 1 ? 'Its emails are' : 'Its email is');
    if (!isInternalUser(user)) {
      const others = await trx
        .selectFrom('emails')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .where('user_id', '<>', user.id)
        .executeTakeFirst();
      if (others)
        throw forbidden('This campaign holds emails of other users: only their owners may delete them.');
    }
    await trx.deleteFrom('emails').where('campaign_id', '=', campaignId).execute();
    await trx.deleteFrom('campaigns').where('id', '=', campaignId).execute();
    return deletion;
  });
}
