import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import type { Actor } from '../campaign/Actor.ts';
import { lockOrganisation } from '../campaign/lockOrganisation.ts';
import { lockOwnEmail } from '../campaign/lockOwnEmail.ts';
import { moveCampaignToTop } from '../campaign/moveCampaignToTop.ts';
import { refuseIfUsed } from '../campaign/refuseIfUsed.ts';
import { workflowsUsingEmails } from '../campaign/workflowsUsingEmails.ts';
import { loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';

/**
 * delete_email/ with generation_id: deletes an AI email, all its variants (as delete_email/ deletes an
 * email: editions, send records) and the generation; refused (400) while a workflow uses a variant.
 */
export async function deleteAiEmail(db: Db, user: Actor, generationId: number) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const gen = await loadGeneration(trx, user.org_id, generationId, true);
    const ids = (await aiVariantEmails(trx, user.org_id, { generationId: gen.id })).map((v) => v.email_id);
    for (const id of ids) await lockOwnEmail(trx, user, id);
    refuseIfUsed(await workflowsUsingEmails(trx, user.org_id, ids), 'This AI email is');
    if (ids.length > 0) await trx.deleteFrom('emails').where('id', 'in', ids).execute();
    await trx.deleteFrom('ai_generation').where('id', '=', gen.id).execute();
    await moveCampaignToTop(trx, user.org_id, gen.campaign_id);
    return { generation_id: gen.id, campaign_id: gen.campaign_id, email_ids: ids };
  });
}
