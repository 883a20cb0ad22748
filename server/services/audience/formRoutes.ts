import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvLine } from '../../../domain/csvText.ts';
import { formFieldsSchema } from '../../../domain/hostedFormSchemas.ts';
import { FORM_NAME_EXISTS, FORM_NAME_MAX, type FormSummary } from '../../../domain/hostedForms.ts';
import { nameText } from '../../../domain/nameText.ts';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import {
  jsonTextSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from '../../../domain/workflowFormFields.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { zonedToInstant } from '../../lib/zonedTime.ts';
import {
  deleteForm,
  findForm,
  foreignReferences,
  formOptions,
  insertForm,
  listForms,
  listSubmissions,
  updateForm,
} from './formQueries.ts';

const FORM_NOT_FOUND = 'Form not found.';
const FIELDS_MAX_TEXT = 20_000;
const EXPORT_MAX_ROWS = 100_000;
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
const dateField = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date such as 2026-11-01.`)
    .refine((text) => !Number.isNaN(Date.parse(text)), `${field} must be a real date.`)
    .optional()
    .or(z.literal('').transform(() => undefined));
const submissionsQuery = formIdField.extend({
  start_date: dateField('start_date'),
  end_date: dateField('end_date'),
  offset: offsetField(),
  limit: limitField(100, 20),
});

/** The start of a day (YYYY-MM-DD) in the person's time zone. */
function dayStart(day: string, zone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return zonedToInstant({ year, month, day: date, hour: 0 }, zone);
}

/** The instants a date filter covers: from the start of start_date to the end of end_date (both days in). */
function dateRange(query: { start_date?: string; end_date?: string }, zone: string) {
  const from = query.start_date ? dayStart(query.start_date, zone) : null;
  let to: Date | null = null;
  if (query.end_date) {
    const next = new Date(`${query.end_date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    to = dayStart(next.toISOString().slice(0, 10), zone);
  }
  if (from && to && from >= to) throw badRequest('start_date must be on or before end_date.');
  return { from, to };
}

/**
 * Forms (spec 02 "Form"), under the audience service: each form has its fields (capturable fields with a
 * type), an optional campaign and list, and a hosted public page (form_url, /f/{public id}) that
 * server/services/preference/publicPageRoutes.ts serves. Submissions are listed by date and exported as
 * CSV (cells made safe for spreadsheets). Another organisation's form, list or campaign is a 404; a name
 * the organisation has answers 400 {success:false, message} (shown on the name field).
 */
export function formRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const origin = config.publicOrigin;

  async function ownForm(orgId: number, formId: number): Promise<FormSummary> {
    const form = await findForm(db, orgId, formId, origin);
    if (!form) throw notFound(FORM_NOT_FOUND);
    return form;
  }

  async function checkReferences(orgId: number, body: z.infer<typeof formBody>) {
    const foreign = await foreignReferences(db, orgId, {
      listId: body.list_id,
      campaignId: body.campaign_id,
    });
    if (foreign.list) throw notFound('List not found.');
    if (foreign.campaign) throw notFound('Campaign not found.');
  }

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
        await checkReferences(user.org_id, request.body);
        const id = await insertForm(db, user.org_id, user.id, inputOf(request.body));
        if (id === null) throw badRequest(FORM_NAME_EXISTS);
        return { success: true, data: await ownForm(user.org_id, id) };
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
        await ownForm(user.org_id, request.body.form_id);
        await checkReferences(user.org_id, request.body);
        const saved = await updateForm(db, user.org_id, user.id, request.body.form_id, inputOf(request.body));
        if (!saved) throw badRequest(FORM_NAME_EXISTS);
        return { success: true, data: await ownForm(user.org_id, request.body.form_id) };
      },
    );

    app.post(
      'delete_form/',
      { schema: { tags, summary: 'Delete a form and its submissions (contacts stay)', body: formIdField } },
      async (request) => {
        const { user } = currentAuth(request);
        await ownForm(user.org_id, request.body.form_id);
        await deleteForm(db, user.org_id, request.body.form_id);
        return { success: true };
      },
    );

    app.get(
      'form_submissions/',
      {
        schema: {
          tags,
          summary: "A form's submissions, newest first, optionally between two days (in user_tz)",
          querystring: submissionsQuery,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const form = await ownForm(user.org_id, request.query.form_id);
        const { from, to } = dateRange(request.query, request.userTz);
        const { offset, limit } = request.query;
        const page = await listSubmissions(db, form.id, { offset, limit, from, to });
        return { success: true, total_count: page.total, data: page.rows };
      },
    );

    app.get(
      'export_form_submissions/',
      {
        schema: {
          tags,
          summary: "A form's submissions as CSV (same date filter), cells made safe for spreadsheets",
          querystring: submissionsQuery.omit({ offset: true, limit: true }),
        },
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        const form = await ownForm(user.org_id, request.query.form_id);
        const { from, to } = dateRange(request.query, request.userTz);
        const page = await listSubmissions(db, form.id, { offset: 0, limit: EXPORT_MAX_ROWS, from, to });
        const csv = [
          csvLine([
            'submitted_at',
            'first_name',
            'last_name',
            'email',
            'consent',
            'origin_domain',
            'contact_id',
          ]),
          ...page.rows.map((row) =>
            csvLine([
              row.created_on,
              row.first_name,
              row.last_name,
              row.email,
              row.consent ? 'yes' : 'no',
              row.origin_domain,
              row.contact_id,
            ]),
          ),
        ].join('');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="form-${form.id}-submissions.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
