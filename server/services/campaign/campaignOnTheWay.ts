import type { Transaction } from 'kysely';
import type { CreateEmailInput } from '../../../domain/campaignSchemas.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { createCampaignIn } from './createCampaignIn.ts';

/** create_campaign_flag: the campaign made on the way (campaign_name, keywords, audience, advanced search). */
export function campaignOnTheWay(
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
