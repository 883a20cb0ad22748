import { type CreateEmailInput, EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { CampaignEmail } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import { startEditionFromTemplate } from '../publish/startEditionFromTemplate.ts';
import type { Actor } from './Actor.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { campaignOnTheWay } from './campaignOnTheWay.ts';
import { emailNameTaken, lockOrgCampaign } from './campaignQueries.ts';
import { copyEmail } from './copyEmail.ts';
import { loadEmail } from './loadEmail.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

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
