import { triggerOf } from '../../../domain/workflowCatalogue.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { orgEmails } from './emailAccess.ts';
import { findOrgShareProfile, orgListExists } from './lookups.ts';

export type TriggerSubjectInput = { emailId: number | null; listId: number | null; spUuid: string | null };

/**
 * Checks what a trigger starts from: the email triggers (7, 8, 9, 11) need an email, 14 a list and 10 a
 * share profile, each of the user's organisation; a subject of another kind is refused (400).
 */
export async function checkTriggerSubject(
  db: Db,
  orgId: number,
  triggerId: number,
  input: TriggerSubjectInput,
): Promise<TriggerSubjectInput> {
  const trigger = triggerOf(triggerId);
  if (!trigger) throw badRequest('trigger_id must be one of 7, 8, 9, 10, 11, 14.');
  const name = `The trigger "${trigger.trigger_name}" (${triggerId})`;
  const { emailId, listId, spUuid } = input;
  if (trigger.subject !== 'email' && emailId !== null)
    throw badRequest(`${name} does not start from an email.`);
  if (trigger.subject !== 'list' && listId !== null) throw badRequest(`${name} does not start from a list.`);
  if (trigger.subject !== 'share_profile' && spUuid !== null) {
    throw badRequest(`${name} does not start from a share profile.`);
  }
  if (trigger.subject === 'email') {
    if (emailId === null) throw badRequest(`${name} needs an email: send email_id.`);
    if ((await orgEmails(db, orgId, [emailId])).length === 0) {
      throw badRequest(`email_id ${emailId} is not an email of your organisation.`);
    }
  }
  if (trigger.subject === 'list') {
    if (listId === null) throw badRequest(`${name} needs a list: send list_id.`);
    if (!(await orgListExists(db, orgId, listId))) {
      throw badRequest(`list_id ${listId} is not a list of your organisation.`);
    }
  }
  if (trigger.subject === 'share_profile') {
    if (spUuid === null) throw badRequest(`${name} needs a share profile: send sp_uuid.`);
    if (!(await findOrgShareProfile(db, orgId, spUuid))) {
      throw badRequest(`sp_uuid ${spUuid} is not a share profile of your organisation.`);
    }
  }
  return input;
}
