import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formFieldsSchema } from '../../../domain/hostedFormSchemas.ts';
import { FORM_NAME_MAX } from '../../../domain/hostedForms.ts';
import { nameText } from '../../../domain/nameText.ts';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import {
  jsonTextSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from '../../../domain/workflowFormFields.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { createForm } from './createForm.ts';
import { deleteForm } from './deleteForm.ts';
import { formOptions, listForms, ownForm as ownFormOf } from './formQueries.ts';
import { updateForm } from './updateForm.ts';

const FIELDS_MAX_TEXT = 20_000;
const tags = ['audience: forms'];

const formBody = z.object({
  name: nameText('name').pipe(
    z
      .string()
      .min(1, 'Give the form a name.')
      .max(FORM_NAME_MAX, `A form name is at most ${FORM_NAME_MAX} characters.`),
  ),
  campaign_id: optionalIdFieldSchema('campaign_id'),
  list_id: optionalIdFieldSchema('list_id'),
  fields: jsonTextSchema('fields', FIELDS_MAX_TEXT).pipe(formFieldsSchema),
});
const formIdField = z.object({ form_id: positiveIdField('form_id') });
/**
 * Forms ("Form"), under the audience service: each form has its fields (capturable fields with a
 * type), an optional campaign and list, and a hosted public page (form_url, /f/{public id}) that
 * server/services/preference/publicPageRoutes.ts serves. Submissions are listed by date and exported as
 * CSV (cells made safe for spreadsheets). Another organisation's form, list or campaign is a 404; a name
 * the organisation has answers 400 {success:false, message} (shown on the name field).
 */
export function formRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const origin = config.publicOrigin;

  const ownForm = (orgId: number, formId: number) => ownFormOf(db, orgId, formId, origin);

  const inputOf = (body: z.infer<typeof formBody>) => ({
    name: body.name,
    campaignId: body.campaign_id,
    listId: body.list_id,
    fields: body.fields,
  });

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'forms_listing/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's forms, most recently changed first",
          querystring: z.object({
            offset: offsetField(),
            limit: limitField(100, 20),
            search_word: searchFieldSchema('search_word'),
          }),
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const { offset, limit, search_word } = request.query;
        const page = await listForms(db, user.org_id, { offset, limit, search: search_word }, origin);
        return { success: true, total_count: page.total, data: page.rows };
      },
    );

    app.get(
      'form_details/',
      {
        schema: {
          tags,
          summary: 'One form with its fields, list, campaign and public address',
          querystring: formIdField,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return { success: true, data: await ownForm(user.org_id, request.query.form_id) };
      },
    );

    app.get(
      'form_options/',
      { schema: { tags, summary: "The organisation's lists and campaigns a form can point at, by name" } },
      async (request) => {
        const { user } = currentAuth(request);
        return { success: true, data: await formOptions(db, user.org_id) };
      },
    );

    app.post(
      'create_form/',
      {
        schema: {
          tags,
          summary: 'Make a form: name, optional campaign_id and list_id, fields (a JSON list); answers it',
          body: formBody,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const editor = { orgId: user.org_id, userId: user.id, publicOrigin: origin };
        return { success: true, data: await createForm(db, editor, inputOf(request.body)) };
      },
    );

    app.post(
      'update_form/',
      {
        schema: {
          tags,
          summary: 'Change a form (same fields as create_form/); answers it',
          body: formBody.extend(formIdField.shape),
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const editor = { orgId: user.org_id, userId: user.id, publicOrigin: origin };
        const form = await updateForm(db, editor, request.body.form_id, inputOf(request.body));
        return { success: true, data: form };
      },
    );

    app.post(
      'delete_form/',
      { schema: { tags, summary: 'Delete a form and its submissions (contacts stay)', body: formIdField } },
      async (request) => {
        const { user } = currentAuth(request);
        await deleteForm(db, user.org_id, request.body.form_id, origin);
        return { success: true };
      },
    );
  };
}
