import { sql, type Transaction } from 'kysely';
import {
  type CreateEmailInput,
  DRAFT_EDITION_NAME,
  EMAIL_NAME_EXISTS,
  LAST_EDITION,
  type UpdateEmailInput,
} from '../../../domain/campaignSchemas.ts';
import type { CampaignEmail, Edition } from '../../../domain/campaigns.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/AppError.ts';
import { startEditionFromTemplate } from '../publish/designCommands.ts';
import { isInternalUser } from '../workflow/emailAccess.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import {
  type Actor,
  copyEmail,
  createCampaignIn,
  inTransaction,
  lockOrganisation,
  moveCampaignToTop,
  refuseIfUsed,
  workflowsUsingEmails,
} from './campaignCommands.ts';
import {
  type Db,
  EMAIL_NOT_FOUND,
  editionsOf,
  emailNameTaken,
  lockOrgCampaign,
  selectEmails,
} from './campaignQueries.ts';

const NOT_YOURS = 'You may change only your own emails.';

/**
 * The organisation's email, locked for a change. Another organisation's is a 404; an ordinary user may
 * change only their own emails, an internal user any of the organisation's (see emailAccess).
 */
async function lockOwnEmail(trx: Db, user: Actor, emailId: number) {
  const email = await trx
    .selectFrom('emails')
    .selectAll()
    .where('id', '=', emailId)
    .where('org_id', '=', user.org_id)
    .forUpdate()
    .executeTakeFirst();
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  if (!isInternalUser(user) && email.user_id !== user.id) throw forbidden(NOT_YOURS);
  return email;
}

export async function loadEmail(db: Db, orgId: number, emailId: number): Promise<CampaignEmail> {
  const [email] = await selectEmails(db, sql`e.org_id = ${orgId} and e.id = ${emailId}`);
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  return email;
}

/** create_campaign_flag: the campaign made on the way (campaign_name, keywords, audience, advanced search). */
function campaignOnTheWay(
  trx: Transaction<Database>,
  user: Actor,
  input: Pick<CreateEmailInput, 'campaign_name' | 'keywords' | 'contact_ids' | 'list_ids'> & {
    advanced_search?: CreateEmailInput['advanced_search'];
  },
): Promise<number> {
  if (!input.campaign_name) throw badRequest('campaign_name is required with create_campaign_flag.');
  return createCampaignIn(trx, user, {
    campaign_name: input.campaign_name,
    keywords: input.keywords,
    contact_ids: input.contact_ids,
    list_ids: input.list_ids,
    advanced_search: input.advanced_search ?? {},
  });
}

/** "Copy of X", "Copy of X (2)", ...: the first name no email of the campaign has. */
async function copyName(trx: Db, orgId: number, campaignId: number | null, original: string) {
  const base = `Copy of ${original}`.slice(0, 140);
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? base : `${base} (${i})`;
    if (!(await emailNameTaken(trx, orgId, campaignId, candidate))) return candidate;
  }
  throw badRequest('This email has too many copies already.');
}

/**
 * create_email/: a new email (digest or ad hoc) with its 'Draft Edition' (the trigger makes it), in a
 * campaign (campaign_id, or a new one with create_campaign_flag) or without one; with template_id, that
 * edition starts with the template's design (a template the user may not use: 404). With email_id and
 * clone_only, a copy of that email (its draft editions with their designs and curated articles) named
 * email_name or "Copy of <name>". The campaign takes the top of the list.
 */
export async function createEmail(db: Db, user: Actor, input: CreateEmailInput): Promise<CampaignEmail> {
  if (input.email_id !== null && input.template_id !== null)
    throw badRequest('Send template_id or email_id (a copy), not both.');
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    let campaignId = input.campaign_id;
    if (input.create_campaign_flag) campaignId = await campaignOnTheWay(trx, user, input);
    else if (campaignId !== null) await lockOrgCampaign(trx, user.org_id, campaignId);

    let emailId: number;
    if (input.email_id !== null) {
      if (!input.clone_only) throw badRequest('email_id creates a copy only with clone_only=1.');
      const original = await lockOwnEmail(trx, user, input.email_id);
      const target =
        input.campaign_id === null && !input.create_campaign_flag ? original.campaign_id : campaignId;
      campaignId = target;
      const name = input.email_name ?? (await copyName(trx, user.org_id, target, original.name));
      if (await emailNameTaken(trx, user.org_id, target, name)) throw badRequest(EMAIL_NAME_EXISTS);
      emailId = await copyEmail(trx, user, original.id, target, name);
    } else {
      if (!input.email_name) throw badRequest('email_name is required.');
      if (await emailNameTaken(trx, user.org_id, campaignId, input.email_name))
        throw badRequest(EMAIL_NAME_EXISTS);
      const row = await trx
        .insertInto('emails')
        .values({
          org_id: user.org_id,
          user_id: user.id,
          campaign_id: campaignId,
          name: input.email_name,
          subject: input.email_name,
          email_type: input.email_type,
          design_ready: false,
          thumbnail: null,
          email_platform: 'workbench',
          html: null,
          sent_from: user.email,
          sender_name: `${user.first_name} ${user.last_name}`.trim() || user.email,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      emailId = row.id;
      if (input.template_id !== null) {
        const edition = await trx
          .selectFrom('email_versions')
          .select('id')
          .where('email_id', '=', emailId)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await startEditionFromTemplate(
          trx,
          { orgId: user.org_id, userId: user.id },
          edition.id,
          input.template_id,
        );
      }
    }
    await giveCampaignAudience(trx, emailId);
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return loadEmail(trx, user.org_id, emailId);
  });
}

/**
 * update_email/: a new name (unique in its campaign, any case), a new subject, and/or another campaign:
 * campaign_id (the organisation's; another's is a 404) or a new one made on the way (create_campaign_flag
 * with campaign_name, keywords, contact_ids, list_ids). A moved email takes its editions, sends and
 * statistics with it; its name must be free in the campaign it moves to. Both campaigns take the top.
 */
export async function updateEmail(db: Db, user: Actor, input: UpdateEmailInput): Promise<CampaignEmail> {
  const moving = input.create_campaign_flag === true || input.campaign_id !== null;
  if (input.email_name === undefined && input.subject === undefined && !moving)
    throw badRequest('Send email_name or subject, or campaign_id to move it.');
  if (input.create_campaign_flag && input.campaign_id !== null)
    throw badRequest('Send campaign_id or create_campaign_flag, not both.');
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const email = await lockOwnEmail(trx, user, input.email_id);
    let campaignId = email.campaign_id;
    if (input.create_campaign_flag) campaignId = await campaignOnTheWay(trx, user, input);
    else if (input.campaign_id !== null) {
      await lockOrgCampaign(trx, user.org_id, input.campaign_id);
      campaignId = input.campaign_id;
    }
    const name = input.email_name ?? email.name;
    if (
      (input.email_name !== undefined || campaignId !== email.campaign_id) &&
      (await emailNameTaken(trx, user.org_id, campaignId, name, email.id))
    )
      throw badRequest(EMAIL_NAME_EXISTS);
    await trx
      .updateTable('emails')
      .set({
        ...(input.email_name !== undefined ? { name: input.email_name } : {}),
        ...(input.subject !== undefined ? { subject: input.subject } : {}),
        campaign_id: campaignId,
        updated_at: sql`now()`,
      })
      .where('id', '=', email.id)
      .execute();
    if (campaignId !== email.campaign_id) {
      await giveCampaignAudience(trx, email.id);
      await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    }
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return loadEmail(trx, user.org_id, email.id);
  });
}

/**
 * delete_email/ and delete_asset/: deletes the email with its editions and send records. Refused (400,
 * naming them) while a workflow uses it. campaign_id, when given, must be the email's campaign.
 */
export async function deleteEmail(db: Db, user: Actor, emailId: number, campaignId: number | null = null) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const email = await lockOwnEmail(trx, user, emailId);
    if (campaignId !== null && email.campaign_id !== campaignId) throw notFound(EMAIL_NOT_FOUND);
    refuseIfUsed(await workflowsUsingEmails(trx, user.org_id, [emailId]), 'This email is');
    await trx.deleteFrom('emails').where('id', '=', emailId).execute();
    await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    return { email_id: emailId, campaign_id: email.campaign_id };
  });
}

/** create_edition/: a new draft edition 'Draft Edition' of the email (asset_id), with the email's subject. */
export async function createEdition(db: Db, user: Actor, emailId: number): Promise<Edition> {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const email = await lockOwnEmail(trx, user, emailId);
    const row = await trx
      .insertInto('email_versions')
      .values({
        org_id: user.org_id,
        email_id: email.id,
        user_id: user.id,
        name: DRAFT_EDITION_NAME,
        subject: email.subject,
        thumbnail: email.thumbnail,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('emails').set({ updated_at: sql`now()` }).where('id', '=', email.id).execute();
    await giveCampaignAudience(trx, email.id);
    await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    const [edition] = (await editionsOf(trx, [email.id])).filter((e) => e.edition_id === row.id);
    if (!edition) throw notFound('Edition not found.');
    return edition;
  });
}

/**
 * delete_edition/: deletes an edition and its curated articles. The last edition of an email is kept
 * (400: delete the email instead); a sent edition is kept for its analytics (400).
 */
export async function deleteEdition(db: Db, user: Actor, editionId: number) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const edition = await trx
      .selectFrom('email_versions')
      .select(['id', 'email_id', 'status'])
      .where('id', '=', editionId)
      .where('org_id', '=', user.org_id)
      .executeTakeFirst();
    if (!edition) throw notFound('Edition not found.');
    const email = await lockOwnEmail(trx, user, edition.email_id);
    if (edition.status === 'sent') throw badRequest('A sent edition is kept for its analytics.');
    const count = await trx
      .selectFrom('email_versions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('email_id', '=', email.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) <= 1) throw badRequest(LAST_EDITION);
    await trx.deleteFrom('email_versions').where('id', '=', editionId).execute();
    await trx.updateTable('emails').set({ updated_at: sql`now()` }).where('id', '=', email.id).execute();
    await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    return { edition_id: editionId, email_id: email.id };
  });
}
