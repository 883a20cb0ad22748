import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { type FormInput, foreignReferences } from './formQueries.ts';

/** The list and campaign a form points at must be the organisation's own: another's is a 404. */
export async function checkFormReferences(db: Db, orgId: number, input: FormInput): Promise<void> {
  const foreign = await foreignReferences(db, orgId, { listId: input.listId, campaignId: input.campaignId });
  if (foreign.list) throw notFound('List not found.');
  if (foreign.campaign) throw notFound('Campaign not found.');
}
