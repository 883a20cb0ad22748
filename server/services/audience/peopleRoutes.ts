import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerStageBodySchema,
  exportPeopleQuerySchema,
  listSelectionBodySchema,
  peopleListingQuerySchema,
  peopleScopeQuerySchema,
  peopleSelectionBodySchema,
} from '../../../domain/audiencePeopleSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { addPeopleToList } from './addPeopleToList.ts';
import { deleteContacts } from './deleteContacts.ts';
import { exportPeopleCsv } from './exportPeopleCsv.ts';
import { countFilterValues, countTabs } from './peopleCountQueries.ts';
import { peopleListingPage } from './peopleQueries.ts';
import { peopleScopeOf } from './peopleScopeOf.ts';
import { peopleSelectionOf } from './peopleSelectionOf.ts';
import { removePeopleFromList } from './removePeopleFromList.ts';
import { setBuyerStage } from './setBuyerStage.ts';

const SCOPE_DESCRIPTION =
  'Scope: tab (all|profiled|unprofiled), search_word (found anywhere in the full name, the email address ' +
  'with its domain, or the company name; any case), ' +
  'filters (JSON object: {"status":["Subscribed"],"industry":["Retail"]}; categories designations, ' +
  'organizations, personalityType, status, buyerStage, industry, revenue), account_id.';
const SELECTION_DESCRIPTION =
  'Selection: contact_ids (comma-separated or JSON), or select_all=1 with excluded_ids over the scope ' +
  `(applied by the server to the whole filtered set). ${SCOPE_DESCRIPTION}`;

/**
 * People of the audience service (docs/audiences.md "People and accounts"): an organisation's contacts,
 * listed, counted and exported by a scope, and changed as a selection (contactRoutes edits one).
 * Another organisation's contact or list answers 404; bad input 400. No call here changes a status.
 */
export function peopleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['audience'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const orgOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.org_id;

    app.get(
      'people_listing/',
      {
        schema: {
          tags,
          summary: 'A page of people of one tab, searched, filtered and sorted',
          description: `offset, limit (1-100, default 10), sort_by (full_name, contact_name, company_name, personality_name, status, buyer_stage, created_on, industry, revenue), sort_type (ASC|DESC|NOSORT; default newest first). Answers total_count (the tab's total; null when searched or filtered: ask people_tab_counts/), has_more and data. ${SCOPE_DESCRIPTION}`,
          querystring: peopleListingQuerySchema,
        },
      },
      async (request) => {
        const q = request.query;
        const { sort_by: column, sort_type: type } = q;
        const page = await peopleListingPage(db, orgOf(request), peopleScopeOf(q), { column, type }, q);
        return { success: true as const, total_count: page.total, has_more: page.hasMore, data: page.rows };
      },
    );

    app.get(
      'people_tab_counts/',
      {
        schema: {
          tags,
          summary: 'The totals of the three people tabs for a search and filters',
          description: SCOPE_DESCRIPTION,
          querystring: peopleScopeQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await countTabs(db, orgOf(request), peopleScopeOf(request.query)),
      }),
    );

    app.get(
      'people_filter_counts/',
      {
        schema: {
          tags,
          summary: "Each filter category's values with their counts (the 50 most frequent)",
          description: `Counted under the tab, the search and the other categories' filters. ${SCOPE_DESCRIPTION}`,
          querystring: peopleScopeQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await countFilterValues(db, orgOf(request), peopleScopeOf(request.query)),
      }),
    );

    app.post(
      'delete_contacts/',
      {
        schema: {
          tags,
          summary: 'Delete selected contacts',
          description: SELECTION_DESCRIPTION,
          body: peopleSelectionBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        deleted_count: await deleteContacts(db, orgOf(request), peopleSelectionOf(request.body)),
      }),
    );

    app.post(
      'update_buyer_stage/',
      {
        schema: {
          tags,
          summary: 'Set the buyer stage of selected contacts',
          description: `buyer_stage (Awareness, Interest, Consideration, Intent, Evaluation, Purchase). ${SELECTION_DESCRIPTION}`,
          body: buyerStageBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        buyer_stage: request.body.buyer_stage,
        updated_count: await setBuyerStage(
          db,
          orgOf(request),
          peopleSelectionOf(request.body),
          request.body.buyer_stage,
        ),
      }),
    );

    app.post(
      'add_to_list/',
      {
        schema: {
          tags,
          summary: 'Add selected contacts to a list (enrols them in its "subscribes to a list" workflows)',
          description: `list_id. ${SELECTION_DESCRIPTION}`,
          body: listSelectionBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        list_id: request.body.list_id,
        added_count: await addPeopleToList(
          db,
          orgOf(request),
          peopleSelectionOf(request.body),
          request.body.list_id,
        ),
      }),
    );

    app.post(
      'remove_from_list/',
      {
        schema: {
          tags,
          summary: 'Take selected contacts out of a list',
          description: `list_id. ${SELECTION_DESCRIPTION}`,
          body: listSelectionBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        list_id: request.body.list_id,
        removed_count: await removePeopleFromList(
          db,
          orgOf(request),
          peopleSelectionOf(request.body),
          request.body.list_id,
        ),
      }),
    );

    app.get(
      'export_people/',
      {
        schema: {
          tags,
          summary: 'The people of a scope (or contact_ids) as CSV, formula injection neutralised',
          description: `Cells starting with =, +, -, @, tab or CR get a leading apostrophe. ${SCOPE_DESCRIPTION}`,
          querystring: exportPeopleQuerySchema,
        },
      },
      async (request, reply) => {
        const q = request.query;
        const lines = exportPeopleCsv(db, orgOf(request), peopleScopeOf(q), q.contact_ids);
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="people.csv"')
          .header('Cache-Control', 'no-store');
        return reply.send(Readable.from(lines));
      },
    );
  };
}
