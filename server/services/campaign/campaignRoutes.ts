import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignIdParamsSchema,
  createCampaignBodySchema,
  deleteCampaignBodySchema,
  getCampaignsQuerySchema,
  updateCampaignBodySchema,
} from '../../../domain/campaignSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { campaignDeletion } from './campaignDeletion.ts';
import { listCampaignNames, listCampaignsPage, loadCampaignDetails } from './campaignQueries.ts';
import { cloneCampaign } from './cloneCampaign.ts';
import { createCampaign } from './createCampaign.ts';
import { deleteCampaign } from './deleteCampaign.ts';
import { updateCampaign } from './updateCampaign.ts';

/**
 * Campaigns ("Campaign", clone after the original with zeroed stats, a changed campaign on top)
 * of the signed-in user's organisation. Another organisation's campaign is a 404; bad input and refusals
 * (a name that exists, emails a workflow uses) answer 400 {success:false, message}. See docs/campaigns.md.
 */
export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['campaigns'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'get_campaigns/',
      {
        schema: {
          tags,
          summary:
            "A page of the organisation's campaigns with their totals (or, with list_only=1, every id and name)",
          description:
            'offset, limit (1-100, default 8), user_id (the campaigns a user created), email_type (all, 0 digest, ' +
            '1 ad hoc, 2 AI: campaigns holding such an email), search_campaign (in the name). Highest place first: ' +
            'a new or changed campaign on top, a clone right after its original. totals come from the email ' +
            "events of the campaign's emails (contacts: distinct contacts sent to). The *_emails_count fields " +
            'count the emails of the campaigns matching user_id and search_campaign, by type. list_only=1 answers ' +
            '{total_count, data: [{campaign_id, campaign_name}]} for pickers.',
          querystring: getCampaignsQuerySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        const q = request.query;
        if (q.list_only) return { success: true as const, ...(await listCampaignNames(db, orgId)) };
        const page = await listCampaignsPage(db, orgId, {
          offset: q.offset,
          limit: q.limit,
          userId: q.user_id,
          emailType: q.email_type,
          search: q.search_campaign,
        });
        return { success: true as const, ...page };
      },
    );

    app.post(
      'create_campaign/',
      {
        schema: {
          tags,
          summary: 'Create a campaign at the top of the list',
          description:
            "Form: campaign_name (1-120), keywords (JSON list or comma text), contact_ids, list_ids (the organisation's; " +
            'others answer 404), advanced_search (JSON {include_sources, exclude_sources, include_keywords, ' +
            'exclude_keywords}) and/or the four as separate fields (merged). Sources are `global` (the global pool) ' +
            "or source ids, as articles/ takes them; a source neither global nor the organisation's answers 404. " +
            'Campaign names are unique in the ' +
            "organisation in any case: a name that exists answers 400 'Campaign with that name already exists'.",
          body: createCampaignBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createCampaign(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'update_campaign/',
      {
        schema: {
          tags,
          summary: 'Rename a campaign and/or set its content sources (it takes the top)',
          description:
            'Form: campaign_id, name and/or advanced_search (JSON {include_sources, exclude_sources, ' +
            'include_keywords, exclude_keywords}; replaces the stored one; `{}` is the default, the global pool ' +
            "and every feed). A name another campaign has (any case) answers 400; a source neither global nor the organisation's 404; " +
            'neither name nor advanced_search: 400.',
          body: updateCampaignBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateCampaign(db, currentAuth(request).user, request.body),
      }),
    );

    app.get(
      'campaign_details/:id/',
      {
        schema: {
          tags,
          summary: 'A campaign with its emails by edition status and its sends, opens and clicks per day',
          description:
            'emails.draft / sent / test / scheduled hold the emails having an edition in that state (sent also ' +
            'holds the emails a workflow sent), emails.all ' +
            'every email; each email lists its editions. graph: [{date (YYYY-MM-DD in user_tz), sent, opens, clicks}].',
          params: campaignIdParamsSchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await loadCampaignDetails(
          db,
          currentAuth(request).user.org_id,
          request.params.id,
          request.userTz,
        ),
      }),
    );

    app.post(
      'clone_campaign/:id/',
      {
        schema: {
          tags,
          summary: 'Copy a campaign right after the original, with zeroed totals',
          description:
            'The copy ("Copy of <name>", then "(2)", "(3)" ...) keeps keywords, advanced search, lists and ' +
            'contacts, and copies every email with its draft editions and their curated articles; no sends ' +
            'or sent editions, so its totals are zero. after_campaign_id names the original.',
          params: campaignIdParamsSchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await cloneCampaign(db, currentAuth(request).user, request.params.id),
        after_campaign_id: request.params.id,
      }),
    );

    app.post(
      'delete_campaign/',
      {
        schema: {
          tags,
          summary: 'Delete a campaign with its emails (dry_run=1: say what would go with it)',
          description:
            'Form: campaign_id, dry_run. Deletes the campaign, its emails with their editions and send records ' +
            '(analytics events stay). Refused (400, naming them) while a workflow uses one of its emails; an ' +
            "ordinary user may not delete other users' emails (403). dry_run=1 changes nothing and answers " +
            'data: {campaign_name, emails, sends, workflows} for the confirmation.',
          body: deleteCampaignBodySchema,
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const { campaign_id, dry_run } = request.body;
        if (dry_run) {
          return {
            success: true as const,
            dry_run: true,
            data: await campaignDeletion(db, user.org_id, campaign_id),
          };
        }
        return { success: true as const, dry_run: false, data: await deleteCampaign(db, user, campaign_id) };
      },
    );
  };
}
