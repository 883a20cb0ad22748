import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { safeZone, zonedToInstant } from '../runtime/zonedTime.ts';
import { editionForSend, senderOf } from './editionForSend.ts';
import { activeSendOf } from './editionSendQueries.ts';
import { insertEditionSend, sentBy } from './insertEditionSend.ts';
import type { SendDeps } from './sendDeps.ts';
import { assertSendable } from './sendRules.ts';

export type ScheduleInput = {
  version_id: number;
  cancel?: boolean;
  date?: string;
  time?: string;
  confirm_warnings?: boolean;
};

/** Cancels a scheduled send (until it starts): the edition is a draft again. */
async function cancelSchedule(deps: SendDeps, user: UserRow, versionId: number) {
  const edition = await editionForSend(deps.db, user.org_id, versionId);
  const existing = await activeSendOf(deps.db, edition.id);
  if (existing?.status !== 'scheduled') {
    throw badRequest('This edition is not scheduled (or its send has started).');
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('edition_sends')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('id', '=', existing.id)
      .where('status', '=', 'scheduled')
      .execute();
    await trx
      .updateTable('email_versions')
      .set({ status: 'draft', scheduled_for: null, updated_at: new Date() })
      .where('id', '=', edition.id)
      .execute();
  });
  return { status: 'cancelled' as const };
}

/** The instant of a local date and time in the zone, at least a minute from now (else 400). */
function instantOf(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const at = zonedToInstant({ year, month, day, hour, minute }, zone);
  if (Number.isNaN(at.getTime())) throw badRequest('That date does not exist.');
  if (at.getTime() <= Date.now() + 60_000) throw badRequest('Choose a time at least a minute from now.');
  return at;
}

/**
 * schedule_email/: schedules the edition at a local date and time in the user's time zone (every send
 * rule checked now, as for a send), moves a schedule (same send), or cancels it (cancel=1). It starts by
 * itself when due.
 */
export async function scheduleEdition(deps: SendDeps, user: UserRow, input: ScheduleInput, timeZone: string) {
  if (input.cancel) return cancelSchedule(deps, user, input.version_id);
  const edition = await editionForSend(deps.db, user.org_id, input.version_id);
  const existing = await activeSendOf(deps.db, edition.id);
  if (!input.date || !input.time) throw badRequest('Choose the date and time to send it.');
  if (existing && existing.status !== 'scheduled') {
    throw new AppError(400, 'This edition has been sent.', {}, { error: 'already_sent' });
  }
  const zone = safeZone(timeZone);
  const at = instantOf(input.date, input.time, zone);
  await assertSendable(deps, user, edition, 'schedule', Boolean(input.confirm_warnings));
  const sendId = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_versions')
      .set({ status: 'scheduled', scheduled_for: at, updated_at: new Date(), ...senderOf(edition) })
      .where('id', '=', edition.id)
      .execute();
    if (existing) {
      await trx
        .updateTable('edition_sends')
        .set({ scheduled_for: at, time_zone: zone, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    return insertEditionSend(trx, {
      kind: 'send',
      status: 'scheduled',
      scheduledFor: at,
      timeZone: zone,
      ...sentBy(user, edition),
      listIds: edition.audience_list_ids,
      contactIds: edition.audience_contact_ids,
    });
  });
  await deps.sender.queue(sendId, at);
  return { send_id: sendId, status: 'scheduled' as const, scheduled_for: at.toISOString(), time_zone: zone };
}
