import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';

/** cancel_invitation/: withdraws an invitation of the organisation; its link stops working. */
export async function cancelInvitation(db: Kysely<Database>, orgId: number, invitationId: number) {
  const deleted = await db
    .deleteFrom('team_invitations')
    .where('id', '=', invitationId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('This invitation is not one of yours.');
}
