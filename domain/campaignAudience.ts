import { z } from 'zod';
import type { RecipientsCount } from './editionSend.ts';
import { positiveIdField } from './wholeNumberField.ts';
import { idListFieldSchema } from './workflowFormFields.ts';

/**
 * A campaign's audience (/campaigns/editionedit/audience): the lists and contacts its emails go to. A new
 * edition of the campaign, and a draft edition with no audience of its own yet, starts from it.
 */
export type CampaignAudience = {
  campaign_id: number;
  campaign_name: string;
  lists: { list_id: number; list_name: string; total_contacts: number }[];
  contacts: { contact_id: number; full_name: string; contact_email: string }[];
  /** Who a send to this audience reaches, and who it leaves out. */
  recipients: RecipientsCount;
};

/** At most this many lists and this many contacts are chosen one by one (a list holds more). */
export const MAX_CAMPAIGN_AUDIENCE_IDS = 1000;

const ids = (field: string) =>
  idListFieldSchema(field).refine((list) => list.length <= MAX_CAMPAIGN_AUDIENCE_IDS, {
    message: `${field}: at most ${MAX_CAMPAIGN_AUDIENCE_IDS} ids (put more people in a list).`,
  });

export const campaignAudienceQuerySchema = z.object({ campaign_id: positiveIdField('campaign_id') });
export const campaignAudienceBodySchema = z.object({
  campaign_id: positiveIdField('campaign_id'),
  list_ids: ids('list_ids'),
  contact_ids: ids('contact_ids'),
});
export type CampaignAudienceInput = z.infer<typeof campaignAudienceBodySchema>;
