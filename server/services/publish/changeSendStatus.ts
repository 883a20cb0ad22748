import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import type { EditionSender } from './EditionSender.ts';

/**
 * pause_send/ and resume_send/: a send going out is paused (the emails queued so far still go); a paused
 * send, or one whose walk failed, resumes where it stopped. Another organisation's send is a 404.
 */
export async function changeSendStatus(
  deps: { db: Kysely<Database>; sender: EditionSender },
  user: UserRow,
  sendId: number,
  to: 'paused' | 'sending',
) {
  const from = to === 'paused' ? (['sending'] as const) : (['paused', 'failed'] as const);
  const changed = await deps.db
    .updateTable('edition_sends')
    .set({ status: to, error: null, finished_at: null, updated_at: new Date() })
    .where('id', '=', sendId)
    .where('org_id', '=', user.org_id)
    .where('kind', '!=', 'test')
    .where('status', 'in', [...from])
    .returning(['id'])
    .executeTakeFirst();
  if (!changed) {
    const found = await deps.db
      .selectFrom('edition_sends')
      .select('status')
      .where('id', '=', sendId)
      .where('org_id', '=', user.org_id)
      .executeTakeFirst();
    if (!found) throw notFound('Send not found.');
    throw badRequest(`This send is ${found.status}: it cannot be ${to === 'paused' ? 'paused' : 'resumed'}.`);
  }
  if (to === 'sending') await deps.sender.queue(changed.id);
  return { send_id: changed.id, status: to };
}
