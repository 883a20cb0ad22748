import type { CampaignDeletion } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { forbidden } from '../../lib/AppError.ts';
import { isInternalUser } from '../user/isInternalUser.ts';
import type { Actor } from './Actor.ts';
import { campaignDeletion } from './campaignDeletion.ts';
import { lockOrgCampaign } from './campaignQueries.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { refuseIfUsed } from './refuseIfUsed.ts';

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
