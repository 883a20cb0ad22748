import type { OnboardingKey } from '../../../domain/onboardingSteps.ts';
import type { AppContext } from '../../lib/AppContext.ts';

/**
 * The onboarding-step POST: keeps where the user stands in one area's tour (the latest step written wins),
 * so the tour resumes there on any device; their cached user data sees it at once.
 */
export async function keepOnboardingStep(
  ctx: AppContext,
  userId: number,
  key: OnboardingKey,
  step: number,
): Promise<void> {
  await ctx.db
    .insertInto('onboarding_steps')
    .values({ user_id: userId, key, step, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'key']).doUpdateSet({ step, updated_at: new Date() }),
    )
    .execute();
  ctx.sessions.forgetUser(userId);
}
