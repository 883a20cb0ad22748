import { sql } from 'kysely';
import type { CampaignAudience, CampaignAudienceInput } from '../../../domain/campaignAudience.ts';
import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import type { RecipientsCount } from '../../../domain/editionSend.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { countRecipients } from '../publish/editionAudience.ts';
import { foreignIds } from './foreignIds.ts';

/** campaign_audience/ (GET): the campaign's lists (with their sizes) and contacts, and who they reach. */
export async function loadCampaignAudience(
  db: Db,
  orgId: number,
  campaignId: number,
): Promise<CampaignAudience> {
  const campaignName = await loadCampaignName(db, orgId, campaignId);
  const [lists, contacts] = await Promise.all([
    db
      .selectFrom('campaign_lists as cl')
      .innerJoin('contact_lists as l', 'l.id', 'cl.list_id')
      .where('cl.campaign_id', '=', campaignId)
      .where('l.org_id', '=', orgId)
      .select([
        'l.id',
        'l.name',
        sql<string>`(select count(*) from list_contacts lc where lc.list_id = l.id)`.as('members'),
      ])
      .orderBy('l.name')
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('campaign_contacts as cc')
      .innerJoin('contacts as c', 'c.id', 'cc.contact_id')
      .where('cc.campaign_id', '=', campaignId)
      .where('c.org_id', '=', orgId)
      .select(['c.id', 'c.first_name', 'c.last_name', 'c.email'])
      .orderBy('c.id')
      .execute(),
  ]);
  const recipients = await countRecipients(db, {
    orgId,
    listIds: lists.map((l) => l.id),
    contactIds: contacts.map((c) => c.id),
  });
  return {
    campaign_id: campaignId,
    campaign_name: campaignName,
    lists: lists.map((l) => ({ list_id: l.id, list_name: l.name, total_contacts: Number(l.members) })),
    contacts: contacts.map((c) => ({
      contact_id: c.id,
      full_name: `${c.first_name} ${c.last_name}`.trim() || c.email,
      contact_email: c.email,
    })),
    recipients,
  };
}

/** Lists and contacts of another organisation (or none) are not found. */
export async function refuseForeign(db: Db, orgId: number, input: CampaignAudienceInput): Promise<void> {
  if ((await foreignIds(db, 'contact_lists', orgId, input.list_ids)).length > 0)
    throw notFound('List not found.');
  if ((await foreignIds(db, 'contacts', orgId, input.contact_ids)).length > 0)
    throw notFound('Contact not found.');
}

/** campaign_recipients_count/: who an audience being chosen for the campaign would reach. */
export async function countCampaignRecipients(
  db: Db,
  orgId: number,
  input: CampaignAudienceInput,
): Promise<RecipientsCount> {
  await loadCampaignName(db, orgId, input.campaign_id);
  await refuseForeign(db, orgId, input);
  return countRecipients(db, { orgId, listIds: input.list_ids, contactIds: input.contact_ids });
}

async function loadCampaignName(db: Db, orgId: number, campaignId: number): Promise<string> {
  const row = await db
    .selectFrom('campaigns')
    .select('name')
    .where('id', '=', campaignId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row.name;
}
