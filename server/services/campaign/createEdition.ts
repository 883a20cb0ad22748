import { sql } from 'kysely';
import { DRAFT_EDITION_NAME } from '../../../domain/campaignSchemas.ts';
import type { Edition } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { editionsOf } from './campaignQueries.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

/** create_edition/: a new draft edition 'Draft Edition' of the email (asset_id), with the email's subject. */
export async function createEdition(db: Db, user: Actor, emailId: number): Promise<Edition> {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const email = await lockOwnEmail(trx, user, emailId);
    const row = await trx
      .insertInto('email_versions')
      .values({
        org_id: user.org_id,
        email_id: email.id,
        user_id: user.id,
        name: DRAFT_EDITION_NAME,
        subject: email.subject,
        thumbnail: email.thumbnail,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('emails').set({ updated_at: sql`now()` }).where('id', '=', email.id).execute();
    await giveCampaignAudience(trx, email.id);
    await moveCampaignToTop(trx, user.org_id, email.campaign_id);
    const [edition] = (await editionsOf(trx, [email.id])).filter((e) => e.edition_id === row.id);
    if (!edition) throw notFound('Edition not found.');
    return edition;
  });
}
