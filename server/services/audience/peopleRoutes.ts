import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { PeopleScope, PeopleSelection } from '../../../domain/audiencePeople.ts';
import {
  buyerStageBodySchema,
  contactFieldsSchema,
  exportPeopleQuerySchema,
  listSelectionBodySchema,
  peopleListingQuerySchema,
  peopleScopeQuerySchema,
  peopleSelectionBodySchema,
  updateContactBodySchema,
} from '../../../domain/audiencePeopleSchemas.ts';
import { csvLine } from '../../../domain/csvText.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { createContact, updateContact } from './contactWrites.ts';
import { deleteContacts } from './deleteContacts.ts';
import { addPeopleToList, removePeopleFromList, setBuyerStage } from './peopleActions.ts';
import { countFilterValues, countTabs, exportBatch, keptTabTotal, listPeople } from './peopleQueries.ts';

type ScopeInput = z.output<typeof peopleScopeQuerySchema>;
type SelectionInput = z.output<typeof peopleSelectionBodySchema>;

const EXPORT_BATCH = 2000;
const EXPORT_HEADER = [
  'Name',
  'Email',
  'Designation',
  'Organization',
  'Industry',
  'Revenue',
  'Personality type',
  'Personality',
  'Status',
  'Buyer stage',
  'Engagement score',
  'Phone number',
  'Created on',
];

const scopeOf = (input: ScopeInput): PeopleScope => ({
  tab: input.tab,
  searchWord: input.search_word,
  filters: input.filters,
  accountId: input.account_id,
});

function selectionOf(input: SelectionInput): PeopleSelection {
  if (input.select_all) return { kind: 'all', scope: scopeOf(input), excludedIds: input.excluded_ids };
  if (input.contact_ids.length === 0)
    throw badRequest('Send contact_ids, or select_all=1 with optional excluded_ids.');
  return { kind: 'ids', ids: input.contact_ids };
}

const SCOPE_DESCRIPTION =
  'Scope: tab (all|profiled|unprofiled), search_word (found anywhere in the full name, the email address ' +
  'with its domain, or the company name; any case), ' +
  'filters (JSON object: {"status":["Subscribed"],"industry":["Retail"]}; categories designations, ' +
  'organizations, personalityType, status, buyerStage, industry, revenue), account_id.';
const SELECTION_DESCRIPTION =
  'Selection: contact_ids (comma-separated or JSON), or select_all=1 with excluded_ids over the scope ' +
  `(applied by the server to the whole filtered set). ${SCOPE_DESCRIPTION}`;

/**
 * People of the audience service (docs/audiences.md "People and accounts"): an organisation's contacts.
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
        const orgId = orgOf(request);
        const scope = scopeOf(q);
        const [total, page] = await Promise.all([
          keptTabTotal(db, orgId, scope),
          listPeople(db, orgId, scope, { column: q.sort_by, type: q.sort_type }, q),
        ]);
        return { success: true as const, total_count: total, has_more: page.hasMore, data: page.rows };
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
        data: await countTabs(db, orgOf(request), scopeOf(request.query)),
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
        data: await countFilterValues(db, orgOf(request), scopeOf(request.query)),
      }),
    );

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
        deleted_count: await deleteContacts(db, orgOf(request), selectionOf(request.body)),
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
          selectionOf(request.body),
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
          selectionOf(request.body),
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
          selectionOf(request.body),
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
        const orgId = orgOf(request);
        const selection: PeopleSelection =
          q.contact_ids.length > 0
            ? { kind: 'ids', ids: q.contact_ids }
            : { kind: 'all', scope: scopeOf(q), excludedIds: [] };
        async function* lines() {
          yield csvLine(EXPORT_HEADER);
          let afterId = 0;
          for (;;) {
            const batch = await exportBatch(db, orgId, selection, afterId, EXPORT_BATCH);
            for (const p of batch)
              yield csvLine([
                p.full_name,
                p.contact_email,
                p.designation,
                p.organization,
                p.industry,
                p.revenue,
                p.personality_type ?? 'Unprofiled',
                p.personality,
                p.status,
                p.buyer_stage,
                p.engagement_score,
                p.phone_number,
                p.created_on.slice(0, 10),
              ]);
            if (batch.length < EXPORT_BATCH) return;
            afterId = batch[batch.length - 1]?.contact_id ?? afterId;
          }
        }
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="people.csv"')
          .header('Cache-Control', 'no-store');
        return reply.send(Readable.from(lines()));
      },
    );
  };
}
