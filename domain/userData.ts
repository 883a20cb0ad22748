import type { OnboardingSteps } from './onboardingSteps.ts';
import type { UserRole } from './userRoles.ts';

/** The signed-in user as the workbench receives it ("User data"). */
export type UserData = {
  user_id: number;
  admin_id: number;
  first_name: string;
  last_name: string;
  user_email: string;
  signup_app_name: string;
  first_login_workbench: boolean;
  show_msg: boolean;
  xiq_internal_user: boolean;
  /** 0 ordinary, 1 internal, 2 internal with access to internal-only email data (user 4708). */
  internal_user_level: number;
  has_share_profile_perm: boolean;
  has_daily_iq_perm: boolean;
  has_weekly_account_insight_perm: boolean;
  sales_x_usage_permission: boolean;
  export_widget_permission: boolean;
  /** In the organisation: its administrator (the first user) or a member (domain/userRoles.ts). */
  role: UserRole;
  /** Upper-cased; "invalid" when unknown. */
  plan_type: string;
  organisation: { id: number; name: string; logo_image_url: string | null };
  /** Where the user stands in each area's tour (domain/onboardingSteps.ts). */
  onboarding_steps: OnboardingSteps;
};

export const PLAN_TYPES = ['FREE', 'TRIAL', 'PREMIUM', 'ENTERPRISE'] as const;

/** Plan type is kept per user and falls back to "invalid" when unknown. */
export function normalisePlanType(raw: string | null | undefined): string {
  const upper = (raw ?? '').trim().toUpperCase();
  return (PLAN_TYPES as readonly string[]).includes(upper) ? upper : 'invalid';
}
