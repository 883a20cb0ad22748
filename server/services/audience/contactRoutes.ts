import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactFieldsSchema,
  peopleScoresQuerySchema,
  updateContactBodySchema,
} from '../../../domain/audiencePeopleSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { createContact } from './createContact.ts';
import { peopleScores } from './peopleScoreQueries.ts';
import { updateContact } from './updateContact.ts';

/**
 * One contact of the audience service made or edited (docs/audiences.md "People and accounts"): another
 * organisation's contact answers 404, bad input 400. No call here changes a status. people_scores/ reads
 * the score and stage of loaded rows.
 */
export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['audience'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const orgOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.org_id;

    app.post(
      'create_contact/',
      {
        schema: {
          tags,
          summary: 'Create a Subscribed contact',
          description:
            'first_name, last_name, email (a real address, unique in the organisation), designation, ' +
            'organization (the account, found by name or made), phone_number, industry, personality_type ' +
            '(empty: unprofiled), personality, buyer_stage, linkedin_url, twitter_url, tab (profiled: Steady ' +
            'when no personality is given).',
          body: contactFieldsSchema,
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Contact created.',
        data: await createContact(db, orgOf(request), request.body),
      }),
    );

    app.post(
      'update_contact/',
      {
        schema: {
          tags,
          summary: "Change a contact's fields (never its status)",
          description: 'contact_id and the fields of create_contact/.',
          body: updateContactBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Contact updated.',
        data: await updateContact(db, orgOf(request), request.body.contact_id, request.body),
      }),
    );

    app.get(
      'people_scores/',
      {
        schema: {
          tags,
          summary:
            'The engagement score and buyer stage of the given contacts now (loaded rows refresh them)',
          description:
            "contact_ids (comma list, at most 200). Another organisation's ids are left out. The buyer " +
            'journey moves scores and stages in the background (docs/journey.md).',
          querystring: peopleScoresQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await peopleScores(db, orgOf(request), request.query.contact_ids),
      }),
    );
  };
}
