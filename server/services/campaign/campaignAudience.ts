import { sql } from 'kysely';
import type { Db } from './campaignQueries.ts';

/**
 * The draft editions of an email in a campaign that have no audience yet take the campaign's: the lists
 * and contacts chosen when the campaign was made are the audience its editions' publish step starts with.
 * An audience chosen on an edition is never replaced.
 */
export async function giveCampaignAudience(trx: Db, emailId: number): Promise<void> {
  await sql`
    update email_versions v set
      audience_list_ids = coalesce(
        (select array_agg(cl.list_id order by cl.list_id) from campaign_lists cl where cl.campaign_id = e.campaign_id),
        '{}'),
      audience_contact_ids = coalesce(
        (select array_agg(cc.contact_id order by cc.contact_id) from campaign_contacts cc where cc.campaign_id = e.campaign_id),
        '{}')
    from emails e
    where e.id = v.email_id and v.email_id = ${emailId} and e.campaign_id is not null and v.status = 'draft'
      and cardinality(v.audience_list_ids) = 0 and cardinality(v.audience_contact_ids) = 0`.execute(trx);
}
