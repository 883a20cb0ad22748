import type { UserRow } from '../../db/schema.ts';
import { editionForSend, senderOf } from './editionForSend.ts';
import { insertEditionSend, sentBy } from './insertEditionSend.ts';
import { nameSentEdition } from './nameSentEdition.ts';
import type { SendDeps } from './sendDeps.ts';
import { assertSendable } from './sendRules.ts';

/**
 * publish_email/ (POST): sends the edition to its audience now, once every send rule passes (warnings
 * confirmed). The edition reads sent, keeps the sender and subject it went with, is named after the day
 * (when it still has the default name), and its audience is walked in batches.
 */
export async function publishEdition(
  deps: SendDeps,
  user: UserRow,
  input: { version_id: number; confirm_warnings?: boolean },
  timeZone: string,
) {
  const edition = await editionForSend(deps.db, user.org_id, input.version_id);
  await assertSendable(deps, user, edition, 'send', Boolean(input.confirm_warnings));
  const now = new Date();
  const sendId = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_versions')
      .set({ status: 'sent', sent_at: now, updated_at: now, ...senderOf(edition) })
      .where('id', '=', edition.id)
      .execute();
    await nameSentEdition(trx, edition.id, now, timeZone);
    return insertEditionSend(trx, {
      kind: 'send',
      status: 'sending',
      ...sentBy(user, edition),
      listIds: edition.audience_list_ids,
      contactIds: edition.audience_contact_ids,
    });
  });
  await deps.sender.queue(sendId);
  return { send_id: sendId, status: 'sending' as const };
}
