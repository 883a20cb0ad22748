import type { Db } from '../../db/Db.ts';
import { forbidden, notFound } from '../../lib/AppError.ts';
import { isInternalUser } from '../user/isInternalUser.ts';
import type { Actor } from './Actor.ts';
import { EMAIL_NOT_FOUND } from './campaignQueries.ts';

const NOT_YOURS = 'You may change only your own emails.';

/**
 * The organisation's email, locked for a change. Another organisation's is a 404; an ordinary user may
 * change only their own emails, an internal user any of the organisation's (see emailAccess).
 */
export async function lockOwnEmail(trx: Db, user: Actor, emailId: number) {
  const email = await trx
    .selectFrom('emails')
    .selectAll()
    .where('id', '=', emailId)
    .where('org_id', '=', user.org_id)
    .forUpdate()
    .executeTakeFirst();
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  if (!isInternalUser(user) && email.user_id !== user.id) throw forbidden(NOT_YOURS);
  return email;
}
