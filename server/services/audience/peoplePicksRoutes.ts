import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addPicksBodySchema, recommendedPeopleQuerySchema } from '../../../domain/peoplePicksSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { addPicksToList } from './addPicksToList.ts';
import { assertOrgList } from './listQueries.ts';
import { audienceFit, recommendedPeoplePage } from './recommendedPeopleQueries.ts';

/**
 * Recommended people and adding people chosen by group (docs/audiences.md "Recommended people and
 * groups"). Another organisation's list answers 404; bad input 400.
 */
export function peoplePicksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['audience'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const orgOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.org_id;

    app.get(
      'recommended_people/',
      {
        schema: {
          tags,
          summary: 'People worth adding to a list (or any audience), best first, with why',
          description:
            'list_id (optional: the list they would join; its members are left out and its most frequent ' +
            'industries and designations are the fit), offset, limit (1-100, default 10). Subscribed contacts ' +
            'with marketing consent who opened or clicked in the last 90 days or have an engagement score of 50 ' +
            'or more, and (when the list has a fit) share its industry or designation; score = engagement score ' +
            '+ 5 per recent open + 10 per recent click (5 of each count) + 25 industry + 25 designation; at most ' +
            '200. Answers total_count, data (people rows with recommendation {score, recent_opens, ' +
            'recent_clicks, reasons}) and fit {industries, designations}.',
          querystring: recommendedPeopleQuerySchema,
        },
      },
      async (request) => {
        const orgId = orgOf(request);
        const listId = request.query.list_id ?? null;
        if (listId !== null) await assertOrgList(db, orgId, listId);
        const fit = await audienceFit(db, orgId, listId);
        const page = await recommendedPeoplePage(db, { orgId, listId, fit, now: ctx.clock() }, request.query);
        return { success: true as const, ...page };
      },
    );

    app.post(
      'add_picks_to_list/',
      {
        schema: {
          tags,
          summary: 'Add people chosen one by one and by whole groups to a list',
          description:
            'Form: list_id, picks (JSON {contact_ids: [ids], groups: [{kind: "recommended" | "search" (term) | ' +
            '"dynamic" (category: industry | designations, value), excluded_ids: [ids]}]}). A group chosen whole ' +
            'adds all its members as they are now but its excluded_ids. Nothing chosen: 400. Answers ' +
            'list_id and added_count (members already in the list are not counted).',
          body: addPicksBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        list_id: request.body.list_id,
        added_count: await addPicksToList(
          db,
          orgOf(request),
          request.body.list_id,
          request.body.picks,
          ctx.clock(),
        ),
      }),
    );
  };
}
