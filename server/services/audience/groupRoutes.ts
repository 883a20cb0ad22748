import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupNameSchema } from '../../../domain/salesGroups.ts';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import { idListFieldSchema, searchFieldSchema } from '../../../domain/workflowFormFields.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { requireFeature } from '../../lib/requireFeature.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { changeGroupUsers } from './changeGroupUsers.ts';
import { createGroup } from './createGroup.ts';
import { deleteSalesGroup } from './deleteSalesGroup.ts';
import { groupUsers, listGroups, ownGroup } from './groupQueries.ts';
import { renameSalesGroup } from './renameSalesGroup.ts';

const tags = ['audience: groups'];

const listingQuery = z.object({
  offset: offsetField(),
  limit: limitField(100, 50),
  search_word: searchFieldSchema('search_word'),
});
const groupIdBody = z.object({ group_id: positiveIdField('group_id') });
const usersBody = groupIdBody.extend({ user_ids: idListFieldSchema('user_ids') });

/**
 * Sales-team groups ("Sales group"), under the audience service: groups of the organisation's
 * users, newest first. Every signed-in user of the organisation sees and edits its groups; another
 * organisation's group is a 404; bad input and refusals a 400 {success:false, message} that the screen
 * shows where the person is: a name taken in the organisation (case-insensitive) "Group with that name
 * already exists"; deleting the default team (isDeletable false).
 */
export function groupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    // Sales groups are the sales usage feature: without it every call is "permission denied".
    app.addHook('preHandler', async (request) => requireFeature(currentAuth(request).user, 'sales_usage'));

    app.get(
      'groups_listing/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's sales groups, newest first, optionally searched by name",
          querystring: listingQuery,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const { offset, limit, search_word } = request.query;
        const page = await listGroups(db, user.org_id, { offset, limit, search: search_word });
        return { success: true, total_count: page.total, data: page.rows };
      },
    );

    app.post(
      'create_group/',
      {
        schema: {
          tags,
          summary: 'Make a group (0 users); answers it',
          body: z.object({ group_name: groupNameSchema }),
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return { success: true, data: await createGroup(db, user, request.body.group_name) };
      },
    );

    app.post(
      'rename_group/',
      {
        schema: {
          tags,
          summary: 'Rename a group; answers it',
          body: groupIdBody.extend({ group_name: groupNameSchema }),
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const { group_id, group_name } = request.body;
        return { success: true, data: await renameSalesGroup(db, user.org_id, group_id, group_name) };
      },
    );

    app.post(
      'delete_group/',
      {
        schema: {
          tags,
          summary: 'Delete a group (its users stay users); the default team is refused',
          body: groupIdBody,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        await deleteSalesGroup(db, user.org_id, request.body.group_id);
        return { success: true };
      },
    );

    app.get(
      'group_users/',
      {
        schema: {
          tags,
          summary: 'Every user of the organisation, each marked when in the group (by name)',
          querystring: groupIdBody,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const group = await ownGroup(db, user.org_id, request.query.group_id);
        const users = await groupUsers(db, user.org_id, group.groupId);
        return { success: true, total_count: users.length, data: users };
      },
    );

    for (const [path, summary, add] of [
      ['add_group_users/', 'Add users of the organisation to a group; answers the group', true],
      ['remove_group_users/', 'Remove users from a group; answers the group', false],
    ] as const) {
      app.post(path, { schema: { tags, summary, body: usersBody } }, async (request) => {
        const { user } = currentAuth(request);
        const { group_id, user_ids } = request.body;
        const group = await changeGroupUsers(db, user.org_id, { groupId: group_id, userIds: user_ids, add });
        return { success: true, data: group };
      });
    }
  };
}
