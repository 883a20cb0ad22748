import { sql } from 'kysely';
import { FORM_NAME_EXISTS, type FormSummary } from '../../../domain/hostedForms.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { checkFormReferences } from './checkFormReferences.ts';
import { type FormInput, newFormPublicId, ownForm } from './formQueries.ts';

export type FormEditor = { orgId: number; userId: number; publicOrigin: string };

/**
 * create_form/: a form of the organisation with a new public address; its list and campaign must be the
 * organisation's (404), its name free in the organisation (400, the unique index decides).
 */
export async function createForm(db: Db, editor: FormEditor, input: FormInput): Promise<FormSummary> {
  await checkFormReferences(db, editor.orgId, input);
  const row = await db
    .insertInto('forms')
    .values({
      org_id: editor.orgId,
      public_id: newFormPublicId(),
      name: input.name,
      campaign_id: input.campaignId,
      list_id: input.listId,
      fields: JSON.stringify(input.fields),
      created_by: editor.userId,
      updated_by: editor.userId,
    })
    .onConflict((oc) => oc.expression(sql`org_id, lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw badRequest(FORM_NAME_EXISTS);
  return ownForm(db, editor.orgId, row.id, editor.publicOrigin);
}
