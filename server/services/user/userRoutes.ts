import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type OnboardingStepAnswer,
  onboardingStepSchema,
  type ProfileLoginAnswer,
  profileLoginSchema,
} from '../../../domain/onboardingSteps.ts';
import { updateProfileSchema } from '../../../domain/profileSettings.ts';
import { normalisePlanType } from '../../../domain/userData.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { changeUserSetting, USER_SETTING_KEYS } from './changeUserSetting.ts';
import { currentUserData } from './currentUserData.ts';
import { keepOnboardingStep } from './keepOnboardingStep.ts';
import { recordProfileLogin } from './recordProfileLogin.ts';
import { updateProfile } from './updateProfile.ts';
import { loadUserData } from './userQueries.ts';

const flag = z.union(
  [
    z.literal('0'),
    z.literal('1'),
    z.literal('true'),
    z.literal('false'),
    z.boolean(),
    z.literal(0),
    z.literal(1),
  ],
  {
    error: 'value must be 0 or 1.',
  },
);

/** User service: the signed-in user's data, their name (Settings › Profile), plan type, first visit and tours. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get('user_data/', { schema: { tags: ['user'], summary: 'The signed-in user' } }, async (request) => ({
      success: true,
      data: await currentUserData(ctx, request),
    }));

    app.post(
      'user_data/',
      {
        schema: {
          tags: ['user'],
          summary: 'Change one of the user settings (show_msg, first_login_workbench)',
          body: z.object({
            key: z.enum(USER_SETTING_KEYS, { error: `key must be one of ${USER_SETTING_KEYS.join(', ')}.` }),
            value: flag,
          }),
        },
      },
      async (request) => {
        const { key, value } = request.body;
        const userId = currentAuth(request).user.id;
        await changeUserSetting(
          ctx,
          userId,
          key,
          value === true || value === '1' || value === 1 || value === 'true',
        );
        return { success: true };
      },
    );

    app.get(
      'plan_type/',
      { schema: { tags: ['user'], summary: "The user's plan type" } },
      async (request) => ({
        success: true,
        plan_type: normalisePlanType(currentAuth(request).user.plan_type),
      }),
    );

    app.post(
      'update_profile/',
      {
        schema: {
          tags: ['settings'],
          summary: 'Change your name (Settings › Profile)',
          description: 'Form: first_name, last_name (each 1 to 100 characters). Answers the user data.',
          body: updateProfileSchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        await updateProfile(ctx, user.id, request.body);
        return { success: true as const, data: await loadUserData(ctx.db, { ...user, ...request.body }) };
      },
    );

    app.post(
      'profile_login/',
      {
        schema: {
          tags: ['user'],
          summary:
            'Record that the user opened the app (appName workbench): their first visit ends, first_login_workbench turns false',
          body: profileLoginSchema,
        },
      },
      async (request): Promise<ProfileLoginAnswer> => ({
        success: true,
        first_login: await recordProfileLogin(ctx, currentAuth(request).user.id),
      }),
    );

    app.post(
      'onboarding_step/',
      {
        schema: {
          tags: ['user'],
          summary:
            "Keep where the user stands in an area's tour (key, step: the step to resume at, or the tour's step count once finished)",
          body: onboardingStepSchema,
        },
      },
      async (request): Promise<OnboardingStepAnswer> => {
        const { key, step } = request.body;
        await keepOnboardingStep(ctx, currentAuth(request).user.id, key, step);
        return { success: true, key, step };
      },
    );
  };
}
