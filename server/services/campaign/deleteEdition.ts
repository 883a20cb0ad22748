import { sql } from 'kysely';
import { LAST_EDITION } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

/**
 * delete_edition/: deletes an edition and its curated articles. The last edition of an email is kept
 * (400: delete the email instead); a sent edition is kept for its analytics (400).
 */
export async function deleteEdition(db: Db, user: Actor, editionId: number) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const edition = await trx
      .selectFrom('email_versions')
      .select(['id', 'email_id', 'status'])
      .where('id', '=', editionId)
      .where('org_id', '=', user.org_id)
      .executeTakeFirst();
    if (!edition) throw notFound('Edition not found.');
    const email = await lockOwnEmail(trx, user, edition.email_id);
    if (edition.status === 'sent') throw badRequest('A sent edition is kept for its analytics.');
    const count = await trx
      .selectFrom('email_versions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('email_id', '=', email.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) <= 1) throw badRequest(LAST_EDITION);
    await trx.deleteFrom('email_versions').where('id', '=', editionId).execute();
    await trx.updateTable('emails').set({ updated_at: sql`now()` }).where('id', '=', email.id).execute();
    await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    return { edition_id: editionId, email_id: email.id };
  });
}
