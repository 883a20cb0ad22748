import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountContentEngagementBodySchema,
  accountDetailsBodySchema,
  accountEmailEngagementBodySchema,
  accountsListingBodySchema,
  contentListingBodySchema,
} from '../../../domain/analyticsContactSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { accountDetails, accountsListing } from './accountAnalyticsQueries.ts';
import { answerOrExport } from './answerOrExport.ts';
import { contentListing } from './contentAnalyticsQueries.ts';
import { SELECTION } from './dashboardRoutes.ts';
import type { ExportJobs } from './ExportJobs.ts';
import { contentEngagement, emailEngagement } from './engagementQueries.ts';

/** Analytics service, accounts and content: the account list and dashboard, content by article. */
export function accountAnalyticsRoutes(ctx: AppContext, exports: ExportJobs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics accounts and content'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'accounts_listing/',
      {
        schema: {
          tags,
          summary: 'A page of the accounts whose contacts were sent the selection in the period',
          description: `${SELECTION} search_account, accounts_by_filter (all, opened, clicked), sort_by (account_name, contacts, sent, opens, clicks, engagement_score), order_by (ASC, DESC, NOSORT), limit, offset. Answers total_records, result, period.`,
          body: accountsListingBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'accounts_listing', request.body, () =>
          accountsListing(db, user, request.body),
        );
      },
    );

    app.post(
      'account_details/',
      {
        schema: {
          tags,
          summary: "An account's details, its stats under the selection and a page of its contacts",
          description: `account_id. ${SELECTION} limit, offset (of account_contacts). Another organisation’s account answers 404.`,
          body: accountDetailsBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await accountDetails(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'account_email_engagement/',
      {
        schema: {
          tags,
          summary: "The emails sent to an account's contacts in the period, with their opens and clicks",
          description: `account_id. ${SELECTION} As contact_email_engagement/; contacts counts the account's contacts sent each email.`,
          body: accountEmailEngagementBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'account_email_engagement', request.body, () =>
          emailEngagement(db, user, { accountId: request.body.account_id }, request.body),
        );
      },
    );

    app.post(
      'account_content_engagement/',
      {
        schema: {
          tags,
          summary: "The articles an account's contacts clicked",
          description:
            'account_id, search_term (title), limit, offset, sort_by (article_title, clicks, clicked_by, last_click), order_by.',
          body: accountContentEngagementBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await contentEngagement(
          db,
          currentAuth(request).user,
          { accountId: request.body.account_id },
          request.body,
        )),
      }),
    );

    app.post(
      'content_listing/',
      {
        schema: {
          tags,
          summary: 'Content by article: the articles clicked in the period, with their first five contacts',
          description: `${SELECTION} (campaigns, workflows, emails and the by-User filter narrow it to those emails' clicks) search_content, sort_by, order_by, limit, offset. Answers total_count, total_articles_count, total_article_score (clicks), data with clickedBy.contacts.`,
          body: contentListingBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'content_listing', request.body, () =>
          contentListing(db, user, request.body),
        );
      },
    );
  };
}
