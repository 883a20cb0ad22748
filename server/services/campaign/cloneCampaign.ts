import { sql } from 'kysely';
import type { CampaignSummary } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { campaignNameTaken, loadCampaignSummary, lockOrgCampaign } from './campaignQueries.ts';
import { copyEmail } from './copyEmail.ts';
import { lockOrganisation } from './lockOrganisation.ts';

/** "Copy of X", then "Copy of X (2)", ...: the first name no campaign of the organisation has. */
async function copyName(trx: Db, orgId: number, original: string): Promise<string> {
  const base = `Copy of ${original}`.slice(0, 110);
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? base : `${base} (${i})`;
    if (!(await campaignNameTaken(trx, orgId, candidate))) return candidate;
  }
  throw badRequest('This campaign has too many copies already.');
}

/**
 * clone_campaign/{id}/: a copy with the same keywords, advanced search, audience and emails (each with its
 * draft editions and their curated articles; no sends, so its totals are zero), placed right after the
 * original: the campaigns below the original move down one place and the copy takes the place under it.
 */
export async function cloneCampaign(db: Db, user: Actor, campaignId: number): Promise<CampaignSummary> {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const original = await lockOrgCampaign(trx, user.org_id, campaignId);
    const name = await copyName(trx, user.org_id, original.name);
    await trx
      .updateTable('campaigns')
      .set({ position: sql`position - 1` })
      .where('org_id', '=', user.org_id)
      .where('position', '<', original.position)
      .execute();
    const copy = await trx
      .insertInto('campaigns')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        name,
        thumbnail: original.thumbnail,
        keywords: original.keywords,
        advanced_search: JSON.stringify(original.advanced_search ?? {}),
        position: original.position - 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into campaign_lists (campaign_id, list_id)
      select ${copy.id}, list_id from campaign_lists where campaign_id = ${campaignId}`.execute(trx);
    await sql`insert into campaign_contacts (campaign_id, contact_id)
      select ${copy.id}, contact_id from campaign_contacts where campaign_id = ${campaignId}`.execute(trx);
    const emails = await trx
      .selectFrom('emails')
      .select(['id', 'name'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    for (const email of emails) {
      const copied = await copyEmail(trx, user, email.id, copy.id, email.name);
      await giveCampaignAudience(trx, copied);
    }
    return loadCampaignSummary(trx, user.org_id, copy.id);
  });
}
