import type { Kysely } from 'kysely';
import { isOnboardingKey, type OnboardingSteps } from '../../../domain/onboardingSteps.ts';
import { normalisePlanType, type UserData } from '../../../domain/userData.ts';
import type { Database, UserRow } from '../../db/schema.ts';

/** The signed-in user as the workbench shows them, with their organisation. */
export async function loadUserData(db: Kysely<Database>, user: UserRow): Promise<UserData> {
  const org = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'logo_image_url'])
    .where('id', '=', user.org_id)
    .executeTakeFirstOrThrow();
  const steps = await db
    .selectFrom('onboarding_steps')
    .select(['key', 'step'])
    .where('user_id', '=', user.id)
    .execute();
  const onboarding_steps: OnboardingSteps = {};
  for (const row of steps) if (isOnboardingKey(row.key)) onboarding_steps[row.key] = row.step;
  return {
    user_id: user.id,
    admin_id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    user_email: user.email,
    signup_app_name: user.signup_app_name,
    first_login_workbench: user.first_login_workbench,
    show_msg: user.show_msg,
    xiq_internal_user: user.internal_level > 0,
    internal_user_level: user.internal_level,
    has_share_profile_perm: user.has_share_profile_perm,
    has_daily_iq_perm: user.has_daily_iq_perm,
    has_weekly_account_insight_perm: user.has_weekly_account_insight_perm,
    sales_x_usage_permission: user.sales_x_usage_permission,
    export_widget_permission: user.export_widget_permission,
    role: user.role,
    plan_type: normalisePlanType(user.plan_type),
    organisation: org,
    onboarding_steps,
  };
}
