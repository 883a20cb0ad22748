import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { EMAIL_NOT_FOUND } from './campaignQueries.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';
import { refuseIfUsed } from './refuseIfUsed.ts';
import { workflowsUsingEmails } from './workflowsUsingEmails.ts';

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
