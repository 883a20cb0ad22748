import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignIdParamsSchema,
  emailBrowserQuerySchema,
  pageQuerySchema,
  versionsQuerySchema,
} from '../../../domain/campaignSchemas.ts';
import { assetOf, type CampaignUser } from '../../../domain/campaigns.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import {
  browsableEmails,
  campaignEmailsWith,
  editionsOfEmail,
  emailListing,
  emailsWithoutCampaign,
  organisationUsers,
} from './emailListings.ts';

/**
 * The listings of emails and editions of the signed-in user's organisation (the campaign's drafts and
 * scheduled emails, the emails of no campaign, the email browser), all made by one handler factory
 * (emailListing) that differ only in their where clause; an email's editions; the organisation's users.
 * Another organisation's campaign or email is a 404. See docs/campaigns.md.
 */
export function emailListingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['campaign emails and editions'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'get_versions/',
      {
        schema: {
          tags,
          summary: 'The editions of an email with their status and curated article counts',
          querystring: versionsQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await editionsOfEmail(db, currentAuth(request).user.org_id, request.query.email_id)),
      }),
    );

    app.get(
      'get_draft_emails/:id/',
      {
        schema: {
          tags,
          summary: 'A page of the campaign emails that have a draft edition',
          description:
            'offset, limit (default 8), search (name or subject). Answers total_count, data, marked_count (emails with a sent edition).',
          params: campaignIdParamsSchema,
          querystring: pageQuerySchema,
        },
      },
      emailListing(db, campaignEmailsWith('draft')),
    );

    app.get(
      'get_scheduled_emails/:id/',
      {
        schema: {
          tags,
          summary: 'A page of the campaign emails that have a scheduled edition',
          params: campaignIdParamsSchema,
          querystring: pageQuerySchema,
        },
      },
      emailListing(db, campaignEmailsWith('scheduled')),
    );

    app.get(
      'get_assets/',
      {
        schema: {
          tags,
          summary: 'A page of the emails you may use, as assets (the asset service)',
          description:
            'offset, limit (default 8), search (name or subject), email_type (all, 0/digest, 1/adhoc, 2/aiEmail), ' +
            "campaign_id. Your emails (all of the organisation's for internal users), last changed first. Each: " +
            'asset_id (= id, the email id, as delete_asset/ takes it), name, asset_type (Hybrid for a digest, ' +
            'Custom for ad hoc, AI), thumbnails, last_update, creation_time, total_curated_articles (over its ' +
            'editions), status (sent, scheduled or draft, from its editions), a_or_b (null: no A/B sends), ' +
            'campaign_id, campaign_name, editions. Answers total_count, marked_count, data.',
          querystring: emailBrowserQuerySchema,
        },
      },
      emailListing(db, browsableEmails, assetOf),
    );

    app.get(
      'get_emails_without_campaign/',
      {
        schema: {
          tags,
          summary: 'A page of the emails that belong to no campaign (yours; all of them for internal users)',
          querystring: pageQuerySchema,
        },
      },
      emailListing(db, emailsWithoutCampaign),
    );

    app.get(
      'get_email_browser_content/',
      {
        schema: {
          tags,
          summary: 'The email browser: a page of the emails you may use, newest first',
          description:
            'offset, limit (default 8), search (name or subject), email_type (all, 0 digest, 1 ad hoc, 2 AI, or ' +
            'digest/adhoc/aiEmail), campaign_id. Yours; an internal user sees all of the organisation. Answers ' +
            'data, total_count and marked_count (emails with a sent edition).',
          querystring: emailBrowserQuerySchema,
        },
      },
      emailListing(db, browsableEmails),
    );

    app.get(
      'get_users/',
      { schema: { tags, summary: "The organisation's users (the by-User filter)" } },
      async (request): Promise<{ success: true; data: CampaignUser[] }> => ({
        success: true,
        data: await organisationUsers(db, currentAuth(request).user.org_id),
      }),
    );
  };
}
