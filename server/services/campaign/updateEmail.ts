import { sql } from 'kysely';
import { EMAIL_NAME_EXISTS, type UpdateEmailInput } from '../../../domain/campaignSchemas.ts';
import type { CampaignEmail } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { campaignOnTheWay } from './campaignOnTheWay.ts';
import { emailNameTaken, lockOrgCampaign } from './campaignQueries.ts';
import { loadEmail } from './loadEmail.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

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
  const emailId = input.email_id;
  if (emailId === null) throw badRequest('Give the email (email_id) or the AI email (generation_id).');
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const email = await lockOwnEmail(trx, user, emailId);
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
