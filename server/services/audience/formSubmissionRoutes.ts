import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { formSubmissions } from './formSubmissions.ts';
import { formSubmissionsCsv } from './formSubmissionsCsv.ts';

const tags = ['audience: forms'];
const dateField = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date such as 2026-11-01.`)
    .refine((text) => !Number.isNaN(Date.parse(text)), `${field} must be a real date.`)
    .optional()
    .or(z.literal('').transform(() => undefined));
const submissionsQuery = z.object({
  form_id: positiveIdField('form_id'),
  start_date: dateField('start_date'),
  end_date: dateField('end_date'),
  offset: offsetField(),
  limit: limitField(100, 20),
});

/** A form's submissions (see formRoutes): listed by date and exported as CSV. Another organisation's form is a 404. */
export function formSubmissionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

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
        const { offset, limit, ...query } = request.query;
        const viewer = { orgId: user.org_id, zone: request.userTz, publicOrigin: config.publicOrigin };
        const page = await formSubmissions(db, viewer, query, { offset, limit });
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
        const viewer = { orgId: user.org_id, zone: request.userTz, publicOrigin: config.publicOrigin };
        const exported = await formSubmissionsCsv(db, viewer, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exported.fileName}"`)
          .header('cache-control', 'no-store')
          .send(exported.csv);
      },
    );
  };
}
