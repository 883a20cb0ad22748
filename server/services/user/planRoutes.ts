import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePlanSchema,
  PLAN_FLAGS,
  type PlanSettings,
  planQuerySchema,
} from '../../../domain/planSettings.ts';
import type { Db } from '../../db/Db.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { changePlan } from './changePlan.ts';
import { isInternalUser } from './isInternalUser.ts';
import {
  type PlanHolderRow,
  planChangesOf,
  planHolderByEmail,
  planHolderById,
  planHolderOf,
} from './planQueries.ts';

const tags = ['settings'];
const FLAG_NAMES = PLAN_FLAGS.map((flag) => flag.key).join(', ');

async function settingsOf(db: Db, viewer: UserRow, holder: PlanHolderRow): Promise<PlanSettings> {
  return {
    holder: planHolderOf(holder),
    can_change: isInternalUser(viewer),
    changes: await planChangesOf(db, holder.org_id),
  };
}

/**
 * Settings › Plan (user service): every user reads their own plan type and feature flags and their
 * organisation's audit log of plan changes; internal users look up any user's and change them (anyone
 * else's change gets the 200 "permission denied" answer). Every change is in the audit log.
 */
export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'plan_settings/',
      {
        schema: {
          tags,
          summary: 'A plan type, its feature flags and the audit log of their changes',
          description:
            `data: holder (plan_type and the flags ${FLAG_NAMES}), can_change (an internal user), changes ` +
            "(the holder's organisation's audit log, newest first). user_email: another user's (internal " +
            'users only; anyone else gets "permission denied"; an unknown address is a 404).',
          querystring: planQuerySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const email = request.query.user_email;
        if (email && email.toLowerCase() !== user.email.toLowerCase() && !isInternalUser(user)) {
          return PERMISSION_DENIED_BODY;
        }
        const holder = email ? await planHolderByEmail(db, email) : await planHolderById(db, user.id);
        return { success: true as const, data: await settingsOf(db, user, holder) };
      },
    );

    app.post(
      'change_plan/',
      {
        schema: {
          tags,
          summary: "Change a user's plan type and feature flags (internal users)",
          description:
            `Form: user_email, and any of plan_type (FREE, TRIAL, PREMIUM, ENTERPRISE) and ${FLAG_NAMES} ` +
            '(0 or 1). Each field that changes is written to the audit log. Answers the plan as it is now.',
          body: changePlanSchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        if (!isInternalUser(user)) return PERMISSION_DENIED_BODY;
        const userId = await changePlan(ctx, user, request.body);
        return { success: true as const, data: await settingsOf(db, user, await planHolderById(db, userId)) };
      },
    );
  };
}
