import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetIdBodySchema,
  createEmailBodySchema,
  deleteEmailBodySchema,
  editionIdBodySchema,
  updateEmailBodySchema,
} from '../../../domain/campaignSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { createEdition } from './createEdition.ts';
import { createEmail } from './createEmail.ts';
import { deleteEdition } from './deleteEdition.ts';
import { deleteEmail } from './deleteEmail.ts';
import { deleteGeneration } from './deleteGeneration.ts';
import { updateEmail } from './updateEmail.ts';
import { updateGeneration } from './updateGeneration.ts';

/**
 * Emails, editions (versions) and assets ("Email", "Asset / edition", "Draft edition") of the
 * signed-in user's organisation: one email entity, the one workflows send. Another organisation's email,
 * edition or campaign is a 404; an ordinary user changes only their own emails (403). See docs/campaigns.md.
 */
export function emailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['campaign emails and editions'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'create_email/',
      {
        schema: {
          tags,
          summary: "Create an email (digest or ad hoc) with its 'Draft Edition', or clone one",
          description:
            'Form: email_name, email_type (0 digest, 1 ad hoc; default 0), campaign_id (none: an email without ' +
            "campaign), template_id (the first edition starts from that template's design: a product template, " +
            "one shared in the organisation or the user's own; any other answers 404), create_campaign_flag=1 with " +
            'campaign_name, keywords, contact_ids, list_ids and advanced_search to create the campaign on the way. ' +
            'email_id with clone_only=1 (not with template_id) copies that email (draft editions with their designs ' +
            'and curated articles, no sends) as email_name or ' +
            '"Copy of <name>" into campaign_id or its own campaign. Email names are unique in their campaign ' +
            "(any case): a name that exists answers 400 'Email with that name already exists in this campaign'.",
          body: createEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createEmail(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'update_email/',
      {
        schema: {
          tags,
          summary:
            'Rename an email, change its subject or move it to another campaign (its campaigns take the top)',
          description:
            'Form: email_id (or generation_id: an AI email, its variants renamed or moved together), and email_name, subject and/or campaign_id (another campaign of the organisation; ' +
            "another organisation's answers 404) or create_campaign_flag=1 with campaign_name, keywords, " +
            'contact_ids, list_ids (moves it into a campaign made on the way). A moved email takes its editions, ' +
            'sends and statistics. A name another email of the (new) campaign has answers 400.',
          body: updateEmailBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const generationId = request.body.generation_id;
        return {
          success: true as const,
          data:
            generationId !== null
              ? await updateGeneration(db, user, generationId, request.body)
              : await updateEmail(db, user, request.body),
        };
      },
    );

    app.post(
      'delete_email/',
      {
        schema: {
          tags,
          summary: 'Delete an email with its editions',
          description:
            "Form: email_id (or generation_id: an AI email with all its variants), campaign_id (optional; must be the email's). Refused (400, naming them) while a " +
            'workflow uses the email.',
          body: deleteEmailBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const { email_id, generation_id, campaign_id } = request.body;
        if (generation_id !== null)
          return { success: true as const, ...(await deleteGeneration(db, user, generation_id)) };
        if (email_id === null) throw badRequest('Give the email (email_id) or the AI email (generation_id).');
        return { success: true as const, ...(await deleteEmail(db, user, email_id, campaign_id)) };
      },
    );

    app.post(
      'delete_asset/',
      {
        schema: {
          tags,
          summary: 'Delete an asset (an email) with its editions',
          description: 'Form: asset_id (an email id). As delete_email/.',
          body: assetIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteEmail(db, currentAuth(request).user, request.body.asset_id)),
      }),
    );

    app.post(
      'create_edition/',
      {
        schema: {
          tags,
          summary: "A new draft edition 'Draft Edition' of an email",
          description: 'Form: asset_id (an email id).',
          body: assetIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createEdition(db, currentAuth(request).user, request.body.asset_id),
      }),
    );

    app.post(
      'delete_edition/',
      {
        schema: {
          tags,
          summary: 'Delete an edition (never the last one of an email, nor a sent one)',
          description: 'Form: edition_id. The last edition of an email, or a sent edition, answers 400.',
          body: editionIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteEdition(db, currentAuth(request).user, request.body.edition_id)),
      }),
    );
  };
}
