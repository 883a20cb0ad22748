import { normalisePlanType } from './userData.ts';

/**
 * What a user's plan and permission flags allow (docs/permissions.md lists each flag, what it gates and the
 * test that proves it). The server refuses a gated call with the "permission denied" answer; the workbench
 * hides or explains what a user cannot do, so no button fails.
 */
export type FeatureHolder = {
  plan_type: string | null;
  has_share_profile_perm: boolean;
  has_daily_iq_perm: boolean;
  has_weekly_account_insight_perm: boolean;
  sales_x_usage_permission: boolean;
  export_widget_permission: boolean;
};

export type Feature =
  /** Sending, scheduling and resending campaign editions, and exporting analytics reports. */
  'premium' | 'share_profile' | 'daily_iq' | 'weekly_account_insight' | 'sales_usage' | 'export_widget';

/** Plans that include the premium features: a trial (what a new sign-up has) is the premium plan on trial. */
export const PREMIUM_PLANS: ReadonlySet<string> = new Set(['TRIAL', 'PREMIUM', 'ENTERPRISE']);

export function hasFeature(user: FeatureHolder, feature: Feature): boolean {
  switch (feature) {
    case 'premium':
      return PREMIUM_PLANS.has(normalisePlanType(user.plan_type));
    case 'share_profile':
      return user.has_share_profile_perm;
    case 'daily_iq':
      return user.has_daily_iq_perm;
    case 'weekly_account_insight':
      return user.has_weekly_account_insight_perm;
    case 'sales_usage':
      return user.sales_x_usage_permission;
    case 'export_widget':
      return user.export_widget_permission;
  }
}

/** The analytics selection's pseudo-campaign switches and the feature each needs. */
export const ANALYTICS_SHARE_FEATURES = [
  ['share_profile', 'share_profile'],
  ['daily_IQ', 'daily_iq'],
  ['weekly_account_insights', 'weekly_account_insight'],
] as const satisfies ReadonlyArray<readonly [string, Feature]>;

/** What the workbench says where a feature is not in the user's plan (never a button that fails). */
export const FEATURE_MISSING_TEXT: Record<Feature, string> = {
  premium: 'Your plan does not include this. Upgrade to a premium plan to send campaigns and export reports.',
  share_profile: 'Share profile is not part of your plan.',
  daily_iq: 'Daily IQ is not part of your plan.',
  weekly_account_insight: 'Weekly account insight is not part of your plan.',
  sales_usage: 'Sales groups are not part of your plan. Ask your account manager to turn on sales usage.',
  export_widget: 'The export widget is not part of your plan.',
};
