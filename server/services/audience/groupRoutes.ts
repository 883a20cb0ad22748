import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_NAME_EXISTS,
  GROUP_NOT_DELETABLE,
  groupNameSchema,
  type SalesGroup,
} from '../../../domain/salesGroups.ts';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import { idListFieldSchema, searchFieldSchema } from '../../../domain/workflowFormFields.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import {
  addGroupUsers,
  deleteGroup,
  findGroup,
  foreignUserIds,
  groupUsers,
  insertGroup,
  listGroups,
  removeGroupUsers,
  renameGroup,
} from './groupQueries.ts';

const GROUP_NOT_FOUND = 'Group not found.';
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

  async function ownGroup(orgId: number, groupId: number): Promise<SalesGroup> {
    const group = await findGroup(db, orgId, groupId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

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
        const id = await insertGroup(db, {
          orgId: user.org_id,
          userId: user.id,
          name: request.body.group_name,
        });
        if (id === null) throw badRequest(GROUP_NAME_EXISTS);
        return { success: true, data: await ownGroup(user.org_id, id) };
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
        await ownGroup(user.org_id, group_id);
        if (!(await renameGroup(db, user.org_id, group_id, group_name))) throw badRequest(GROUP_NAME_EXISTS);
        return { success: true, data: await ownGroup(user.org_id, group_id) };
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
        const group = await ownGroup(user.org_id, request.body.group_id);
        if (!group.isDeletable) throw badRequest(GROUP_NOT_DELETABLE);
        await deleteGroup(db, user.org_id, group.groupId);
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
        const group = await ownGroup(user.org_id, request.query.group_id);
        const users = await groupUsers(db, user.org_id, group.groupId);
        return { success: true, total_count: users.length, data: users };
      },
    );

    for (const [path, summary, change] of [
      ['add_group_users/', 'Add users of the organisation to a group; answers the group', addGroupUsers],
      ['remove_group_users/', 'Remove users from a group; answers the group', removeGroupUsers],
    ] as const) {
      app.post(path, { schema: { tags, summary, body: usersBody } }, async (request) => {
        const { user } = currentAuth(request);
        const { group_id, user_ids } = request.body;
        await ownGroup(user.org_id, group_id);
        if (user_ids.length === 0) throw badRequest('Choose at least one user.');
        if ((await foreignUserIds(db, user.org_id, user_ids)).length > 0) throw notFound('User not found.');
        await change(db, group_id, user_ids);
        return { success: true, data: await ownGroup(user.org_id, group_id) };
      });
    }
  };
}
