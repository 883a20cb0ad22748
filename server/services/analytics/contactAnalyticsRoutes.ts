import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactAuditTrailBodySchema,
  contactContentEngagementBodySchema,
  contactEmailEngagementBodySchema,
  contactIdBodySchema,
  contactsListingBodySchema,
  contactTabCountsBodySchema,
} from '../../../domain/analyticsContactSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { answerOrExport } from './answerOrExport.ts';
import { contactAuditTrail } from './auditTrailQueries.ts';
import { contactsListing, contactTabCounts } from './contactAnalyticsQueries.ts';
import { contactDashboard } from './contactDashboardQueries.ts';
import { createListFromContacts } from './createListFromContacts.ts';
import { SELECTION } from './dashboardRoutes.ts';
import type { ExportJobs } from './ExportJobs.ts';
import { contentEngagement, emailEngagement } from './engagementQueries.ts';

const TABS =
  'tab (delivered, bounced, unsubscribed, all_contacts: the contacts sent one of the emails in the period, ' +
  'then those it was delivered to, that bounced or unsubscribed), search_word (name or address), account_id, ' +
  'article_id or article_url (contacts that clicked it), contacts_by_filter (all, opened, clicked, ' +
  'not_opened, not_clicked).';

/** Analytics service, contacts: the contact tabs and their counts, the contact dashboard and engagement. */
export function contactAnalyticsRoutes(ctx: AppContext, exports: ExportJobs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics contacts'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'contacts_listing/',
      {
        schema: {
          tags,
          summary: 'A page of a contact tab, or a new list of all its contacts (list_create, list_name)',
          description: `${SELECTION} ${TABS} sort_by (${contactsListingBodySchema.shape.sort_by.unwrap().options.join(', ')}), sort_type (ASC, DESC, NOSORT: latest activity first), bounce_filter (all, bounced: contacts a send of the period bounced for, not_bounced: the others), limit (default 20), offset. Answers total_count, tab, data, period; with list_create, list (the new list).`,
          body: contactsListingBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        if (request.body.list_create)
          return { success: true as const, list: await createListFromContacts(db, user, request.body) };
        return answerOrExport(exports, db, user, 'contacts_listing', request.body, () =>
          contactsListing(db, user, request.body),
        );
      },
    );

    app.post(
      'contact_listing_tab_counts/',
      {
        schema: {
          tags,
          summary: 'How many contacts each contact tab holds under the same filters',
          description: `${SELECTION} ${TABS} Answers data: delivered, bounced, unsubscribed, all_contacts, period.`,
          body: contactTabCountsBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await contactTabCounts(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'contact_dashboard/',
      {
        schema: {
          tags,
          summary: "A contact's details, engagement, subscribed campaigns (paged) and clicked articles",
          description:
            'contact_id, limit (default 20), offset (of the subscribed campaigns). Another organisation’s contact answers 404.',
          body: contactIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await contactDashboard(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'contact_audit_trail/',
      {
        schema: {
          tags,
          summary: 'Every activity of a contact, newest first (the audit trail; all time by default)',
          description:
            'contact_id, start_date, end_date (organisation days; none: all time), limit, offset. Answers total_count, total_score, data, period.',
          body: contactAuditTrailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await contactAuditTrail(db, currentAuth(request).user, request.body)),
      }),
    );

    app.post(
      'contact_email_engagement/',
      {
        schema: {
          tags,
          summary: 'The emails sent to a contact in the period, with their state, opens and clicks',
          description: `contact_id. ${SELECTION} search_term, status (all, delivered, bounced, unsubscribed, opened, clicked), email_by_unique_opens, email_by_unique_clicks, sort_by (email_name, campaign_name, sent_at, opens, clicks), sort_type, limit, offset.`,
          body: contactEmailEngagementBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'contact_email_engagement', request.body, () =>
          emailEngagement(db, user, { contactId: request.body.contact_id }, request.body),
        );
      },
    );

    app.post(
      'contact_content_engagement/',
      {
        schema: {
          tags,
          summary: 'The articles a contact clicked, most clicked first',
          description:
            'contact_id, limit, offset, sort_by (article_title, clicks, clicked_by, last_click), order_by (ASC, DESC, NOSORT).',
          body: contactContentEngagementBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await contentEngagement(
          db,
          currentAuth(request).user,
          { contactId: request.body.contact_id },
          request.body,
        )),
      }),
    );
  };
}
