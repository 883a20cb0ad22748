import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsListingQuerySchema } from '../../../domain/audiencePeopleSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { listAccounts } from './accountQueries.ts';

/** Accounts of the audience service: an organisation's companies with their contacts' count and score. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    app.get(
      'accounts_listing/',
      {
        schema: {
          tags: ['audience'],
          summary: "A page of the organisation's accounts with contacts count and engagement score",
          description:
            'offset, limit (1-100, default 10), search_word (a prefix of the name), sort_by (name, website, ' +
            'industry, revenue, contacts_count, engagement_score), sort_type (ASC|DESC|NOSORT; default by name). ' +
            "An account's contacts: people_listing/ with account_id.",
          querystring: accountsListingQuerySchema,
        },
      },
      async (request) => {
        const q = request.query;
        return {
          success: true as const,
          ...(await listAccounts(db, currentAuth(request).user.org_id, {
            searchWord: q.search_word,
            sortBy: q.sort_by,
            sortType: q.sort_type,
            offset: q.offset,
            limit: q.limit,
          })),
        };
      },
    );
  };
}
