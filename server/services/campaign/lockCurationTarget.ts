import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { EMAIL_NOT_FOUND } from './campaignQueries.ts';

export const EDITION_NOT_FOUND = 'Edition not found.';

const NOT_A_DRAFT = 'Articles can be changed only in a draft edition.';

const NO_DRAFT = 'This email has no draft edition to add articles to.';

export type Edition = { id: number; email_id: number; status: string; campaign_id: number | null };

/** The edition to curate into, locked: the given version, or the email's newest draft. */
export async function lockCurationTarget(
  trx: Transaction<Database>,
  orgId: number,
  target: { versionId: number | null; emailId: number | null; campaignId: number | null },
): Promise<Edition> {
  let edition: Edition | undefined;
  if (target.versionId !== null) {
    edition = await trx
      .selectFrom('email_versions as v')
      .innerJoin('emails as e', 'e.id', 'v.email_id')
      .select(['v.id', 'v.email_id', 'v.status', 'e.campaign_id'])
      .where('v.id', '=', target.versionId)
      .where('v.org_id', '=', orgId)
      .forUpdate('v')
      .executeTakeFirst();
    if (!edition || (target.emailId !== null && edition.email_id !== target.emailId))
      throw notFound(EDITION_NOT_FOUND);
  } else {
    const email = await trx
      .selectFrom('emails')
      .select(['id', 'campaign_id'])
      .where('id', '=', target.emailId ?? 0)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!email) throw notFound(EMAIL_NOT_FOUND);
    edition = await trx
      .selectFrom('email_versions as v')
      .select(['v.id', 'v.email_id', 'v.status'])
      .select(sql<number | null>`${email.campaign_id}::int`.as('campaign_id'))
      .where('v.email_id', '=', email.id)
      .where('v.status', '=', 'draft')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1)
      .forUpdate('v')
      .executeTakeFirst();
    if (!edition) throw badRequest(NO_DRAFT);
  }
  if (target.campaignId !== null && edition.campaign_id !== target.campaignId)
    throw notFound(EDITION_NOT_FOUND);
  if (edition.status !== 'draft') throw badRequest(NOT_A_DRAFT);
  return edition;
}
