import { z } from 'zod';
import { emailSchema } from './authSchemas.ts';
import { PLAN_TYPES } from './userData.ts';

/**
 * Settings › Plan: a user's plan type and feature flags (base /api/user/: plan_settings/, change_plan/).
 * Everyone reads their own; only internal users change anyone's, and every change goes to the audit log.
 */
export const PLAN_FLAGS = [
  {
    key: 'has_share_profile_perm',
    label: 'Share profile',
    purpose: 'The share-profile report in analytics (docs/permissions.md).',
  },
  { key: 'has_daily_iq_perm', label: 'Daily IQ', purpose: 'The daily IQ report in analytics.' },
  {
    key: 'has_weekly_account_insight_perm',
    label: 'Weekly account insight',
    purpose: 'The weekly account insight report in analytics.',
  },
  {
    key: 'sales_x_usage_permission',
    label: 'Sales usage',
    purpose: 'Sales groups (Audiences › Sales groups).',
  },
  {
    key: 'export_widget_permission',
    label: 'Export widget',
    purpose: "Campaigns' promo export widget and its settings.",
  },
] as const;

export type PlanFlag = (typeof PLAN_FLAGS)[number]['key'];

export type PlanFlags = Record<PlanFlag, boolean>;

/** One user's plan as Settings › Plan shows it. */
export type PlanHolder = PlanFlags & {
  user_id: number;
  email: string;
  name: string;
  organisation_name: string;
  /** Upper-cased; "invalid" when unknown. */
  plan_type: string;
};

/** One entry of the audit log: a field of a user's plan changed by an internal user. */
export type PlanChange = {
  id: number;
  user_email: string;
  field: 'plan_type' | PlanFlag;
  old_value: string;
  new_value: string;
  changed_by: string;
  changed_at: string;
};

export type PlanSettings = {
  holder: PlanHolder;
  /** The signed-in user is internal: they may change this user's plan (and look up any user's). */
  can_change: boolean;
  /** Changes to the plans of the holder's organisation, newest first. */
  changes: PlanChange[];
};

const flagField = (label: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.boolean()], {
      error: `${label} must be 0 or 1.`,
    })
    .transform((value) => value === true || value === '1' || value === 'true')
    .optional();

export const planQuerySchema = z.object({ user_email: emailSchema.optional() });

export const changePlanSchema = z.object({
  user_email: emailSchema,
  plan_type: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PLAN_TYPES, { error: `plan_type must be one of ${PLAN_TYPES.join(', ')}.` }))
    .optional(),
  has_share_profile_perm: flagField('has_share_profile_perm'),
  has_daily_iq_perm: flagField('has_daily_iq_perm'),
  has_weekly_account_insight_perm: flagField('has_weekly_account_insight_perm'),
  sales_x_usage_permission: flagField('sales_x_usage_permission'),
  export_widget_permission: flagField('export_widget_permission'),
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

/** How many audit log entries plan_settings/ answers. */
export const PLAN_CHANGES_SHOWN = 50;
