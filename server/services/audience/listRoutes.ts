import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createListBodySchema,
  listDetailsQuerySchema,
  listIdBodySchema,
  listsListingQuerySchema,
  renameListBodySchema,
} from '../../../domain/audienceListSchemas.ts';
import type {
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../../../domain/audienceLists.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { cloneList } from './cloneList.ts';
import { createList } from './createList.ts';
import { deleteList } from './deleteList.ts';
import { listDetails, listListsPage } from './listQueries.ts';
import { renameList } from './renameList.ts';

type Ok<T> = T & { success: true };

/**
 * Audience lists ("Audience list", list totals, clone after the original): the lists of the
 * signed-in user's organisation. Another organisation's list is a 404; bad input and refusals (a name
 * that exists, a list a workflow uses) answer 400 {success:false, message}. See docs/audiences.md.
 */
export function listRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['audience lists'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'lists_listing/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's lists with their totals",
          description:
            'offset, limit (1-100, default 8), search_word (in the name; blank = all). Newest first, a clone ' +
            'right after its original. totalContacts counts members, totalSent the emails sent to them, ' +
            'totalClicks their clicks.',
          querystring: listsListingQuerySchema,
        },
      },
      async (request): Promise<Ok<AudienceListsPage>> => {
        const q = request.query;
        const page = await listListsPage(db, currentAuth(request).user.org_id, {
          offset: q.offset,
          limit: q.limit,
          search: q.search_word,
        });
        return { success: true, ...page };
      },
    );

    app.post(
      'create_list/',
      {
        schema: {
          tags,
          summary: 'Create an empty list at the top',
          description:
            "Form: list_name (trimmed, 1-120 characters). A name another list of the organisation has (in any case) answers 400 'List with that name already exists'.",
          body: createListBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: AudienceListSummary }>> => ({
        success: true,
        data: await createList(db, currentAuth(request).user, request.body.list_name),
      }),
    );

    app.post(
      'rename_list/',
      {
        schema: {
          tags,
          summary: 'Rename a list',
          description:
            "Form: list_id, list_name. A name another list has answers 'List with that name already exists'.",
          body: renameListBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: AudienceListSummary }>> => ({
        success: true,
        data: await renameList(db, currentAuth(request).user, request.body.list_id, request.body.list_name),
      }),
    );

    app.post(
      'clone_list/',
      {
        schema: {
          tags,
          summary: 'Copy a list with its members, placed right after the original',
          description: 'Form: list_id. The copy is named "Copy of <name>" ("(2)", "(3)" ... when taken).',
          body: listIdBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: AudienceListSummary; after_list_id: number }>> => ({
        success: true,
        data: await cloneList(db, currentAuth(request).user, request.body.list_id),
        after_list_id: request.body.list_id,
      }),
    );

    app.post(
      'delete_list/',
      {
        schema: {
          tags,
          summary: 'Delete a list (its contacts stay)',
          description:
            'Form: list_id. Refused (400, naming them) while a workflow uses the list as its trigger, in an ' +
            'add-to-list step or in a list condition.',
          body: listIdBodySchema,
        },
      },
      async (request): Promise<{ success: true; list_id: number }> => {
        await deleteList(db, currentAuth(request).user, request.body.list_id);
        return { success: true, list_id: request.body.list_id };
      },
    );

    app.get(
      'list_details/',
      {
        schema: {
          tags,
          summary: 'A list with a page of its profiled and of its non-profiled contacts',
          description:
            'list_id; kind (profiled|unprofiled) with offset and limit pages one half (10 a page by ' +
            'default); without kind both first pages come back.',
          querystring: listDetailsQuerySchema,
        },
      },
      async (request): Promise<Ok<AudienceListDetails>> => ({
        success: true,
        ...(await listDetails(db, currentAuth(request).user.org_id, request.query)),
      }),
    );
  };
}
