import { sql } from 'kysely';
import type { CampaignEmail } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { EMAIL_NOT_FOUND, selectEmails } from './campaignQueries.ts';

export async function loadEmail(db: Db, orgId: number, emailId: number): Promise<CampaignEmail> {
  const [email] = await selectEmails(db, sql`e.org_id = ${orgId} and e.id = ${emailId}`);
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  return email;
}
