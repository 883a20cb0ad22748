import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignAudienceBodySchema, campaignAudienceQuerySchema } from '../../../domain/campaignAudience.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { countCampaignRecipients, loadCampaignAudience } from './campaignAudienceQueries.ts';
import { saveCampaignAudience } from './saveCampaignAudience.ts';

const IDS =
  'list_ids and contact_ids: comma-separated or JSON lists of ids (at most 1,000 each; empty: none). ' +
  "Another organisation's campaign, list or contact answers 404.";

/**
 * A campaign's audience (the screen /campaigns/editionedit/audience, where a permission error from a
 * campaign sends the person back): read, replaced, and counted while it is chosen. See docs/campaigns.md.
 */
export function campaignAudienceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['campaigns'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'campaign_audience/',
      {
        schema: {
          tags,
          summary: "A campaign's lists and contacts, and who a send to them reaches",
          description:
            'campaign_id. Answers campaign_name, lists (list_id, list_name, total_contacts), contacts ' +
            '(contact_id, full_name, contact_email) and recipients (count, excluded: unsubscribed, bounced, no_consent).',
          querystring: campaignAudienceQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await loadCampaignAudience(db, currentAuth(request).user.org_id, request.query.campaign_id),
      }),
    );

    app.post(
      'campaign_audience/',
      {
        schema: {
          tags,
          summary: "Replace a campaign's lists and contacts",
          description: `Form: campaign_id, list_ids, contact_ids. Draft editions of its emails with no audience of their own take the new one. ${IDS} Answers the audience as GET does.`,
          body: campaignAudienceBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await saveCampaignAudience(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'campaign_recipients_count/',
      {
        schema: {
          tags,
          summary: 'Who a campaign audience being chosen would reach (nothing is saved)',
          description: `Form: campaign_id, list_ids, contact_ids. ${IDS} Answers count and excluded.`,
          body: campaignAudienceBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await countCampaignRecipients(db, currentAuth(request).user.org_id, request.body),
      }),
    );
  };
}
