import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeRoleBodySchema,
  INVITATION_TTL_DAYS,
  invitationIdBodySchema,
  inviteBodySchema,
  memberIdBodySchema,
} from '../../../domain/teamSettings.ts';
import { canManageOrganisation } from '../../../domain/userRoles.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { cancelInvitation } from './cancelInvitation.ts';
import { changeUserRole } from './changeUserRole.ts';
import { inviteUser } from './inviteUser.ts';
import { removeUser } from './removeUser.ts';
import { teamOf } from './teamQueries.ts';

const tags = ['settings'];

/**
 * Settings › Team (user service): every user reads the team; its administrators invite (a single-use link
 * mailed to the address), change roles, remove and withdraw invitations. A member's change gets the 200
 * "permission denied" answer. The organisation always keeps one administrator. The invitee's own calls
 * (invitation/, accept_invitation/) are the auth service's.
 */
export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    /** Runs an administrator's change, then answers the team as it is now. */
    const manage = async (
      request: Parameters<typeof currentAuth>[0],
      change: (user: UserRow) => Promise<void>,
    ) => {
      const { user } = currentAuth(request);
      if (!canManageOrganisation(user)) return PERMISSION_DENIED_BODY;
      await change(user);
      return { success: true as const, data: await teamOf(db, user) };
    };

    app.get(
      'team/',
      {
        schema: {
          tags,
          summary: "The organisation's users and its open invitations",
          description:
            'data: members (current users: role admin or member, is_you), invitations (not yet accepted; ' +
            'expires_at), can_manage (an admin).',
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return { success: true as const, data: await teamOf(db, user) };
      },
    );

    app.post(
      'invite_user/',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Invite an address into the organisation: a single-use link is mailed to it (admins)',
          description:
            `Form: email, role (admin or member, default member). The link works for ${INVITATION_TTL_DAYS} ` +
            'days, once; inviting the same address again replaces it. Refused (400) for an address with an ' +
            'account. mail_delivery: smtp, or log when no SMTP is set up. Answers the invitation and the team.',
          body: inviteBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        if (!canManageOrganisation(user)) return PERMISSION_DENIED_BODY;
        const answer = await inviteUser(ctx, user, request.body);
        return { success: true as const, data: { ...(await teamOf(db, user)), ...answer } };
      },
    );

    app.post(
      'cancel_invitation/',
      {
        schema: {
          tags,
          summary: 'Withdraw an invitation: its link stops working (admins)',
          description: "Form: invitation_id (another organisation's is a 404).",
          body: invitationIdBodySchema,
        },
      },
      async (request) =>
        manage(request, (user) => cancelInvitation(db, user.org_id, request.body.invitation_id)),
    );

    app.post(
      'change_user_role/',
      {
        schema: {
          tags,
          summary: 'Make a user an administrator or a member (admins)',
          description:
            "Form: user_id, role. Another organisation's user is a 404; the last administrator is never " +
            'made a member (400).',
          body: changeRoleBodySchema,
        },
      },
      async (request) =>
        manage(request, (user) => changeUserRole(ctx, user.org_id, request.body.user_id, request.body.role)),
    );

    app.post(
      'remove_user/',
      {
        schema: {
          tags,
          summary: 'Remove a user from the organisation: their sessions end at once (admins)',
          description:
            "Form: user_id. Another organisation's user is a 404; the last administrator is never removed " +
            '(400). What the user made stays the organisation’s.',
          body: memberIdBodySchema,
        },
      },
      async (request) => manage(request, (user) => removeUser(ctx, user.org_id, request.body.user_id)),
    );
  };
}
