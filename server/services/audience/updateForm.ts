import { sql } from 'kysely';
import { FORM_NAME_EXISTS, type FormSummary } from '../../../domain/hostedForms.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { checkFormReferences } from './checkFormReferences.ts';
import type { FormEditor } from './createForm.ts';
import { type FormInput, ownForm } from './formQueries.ts';

/**
 * update_form/: changes the organisation's form (another's is a 404); its list and campaign must be the
 * organisation's, its name not another form's of the organisation (400).
 */
export async function updateForm(
  db: Db,
  editor: FormEditor,
  formId: number,
  input: FormInput,
): Promise<FormSummary> {
  await ownForm(db, editor.orgId, formId, editor.publicOrigin);
  await checkFormReferences(db, editor.orgId, input);
  const taken = await db
    .selectFrom('forms')
    .select('id')
    .where('org_id', '=', editor.orgId)
    .where('id', '!=', formId)
    .where(sql<boolean>`lower(name) = ${input.name.toLowerCase()}`)
    .executeTakeFirst();
  if (taken) throw badRequest(FORM_NAME_EXISTS);
  await db
    .updateTable('forms')
    .set({
      name: input.name,
      campaign_id: input.campaignId,
      list_id: input.listId,
      fields: JSON.stringify(input.fields),
      updated_by: editor.userId,
      updated_at: new Date(),
    })
    .where('org_id', '=', editor.orgId)
    .where('id', '=', formId)
    .execute();
  return ownForm(db, editor.orgId, formId, editor.publicOrigin);
}
