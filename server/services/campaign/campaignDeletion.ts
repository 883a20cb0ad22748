import type { CampaignDeletion } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { workflowsUsingEmails } from './workflowsUsingEmails.ts';

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
