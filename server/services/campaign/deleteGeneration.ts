import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import type { Actor } from './Actor.ts';
import { generationEmails, lockGeneration } from './generationEmails.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';
import { refuseIfUsed } from './refuseIfUsed.ts';
import { workflowsUsingEmails } from './workflowsUsingEmails.ts';

/**
 * delete_email/ with generation_id: deletes an AI email, all its variants (as delete_email/ deletes an
 * email: editions, send records) and the generation; refused (400) while a workflow uses a variant.
 */
export async function deleteGeneration(db: Db, user: Actor, generationId: number) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const gen = await lockGeneration(trx, user.org_id, generationId);
    const ids = (await generationEmails(trx, user.org_id, gen.id)).map((v) => v.email_id);
    for (const id of ids) await lockOwnEmail(trx, user, id);
    refuseIfUsed(await workflowsUsingEmails(trx, user.org_id, ids), 'This AI email is');
    if (ids.length > 0) await trx.deleteFrom('emails').where('id', 'in', ids).execute();
    await trx.deleteFrom('ai_generation').where('id', '=', gen.id).execute();
    await moveCampaignToTop(trx, user.org_id, gen.campaign_id);
    return { generation_id: gen.id, campaign_id: gen.campaign_id, email_ids: ids };
  });
}
