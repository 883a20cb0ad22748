import type { ColumnType, Generated } from 'kysely';
import type { UserRole } from '../../../domain/userRoles.ts';
import type { CreatedAt, UpdatedAt } from './columns.ts';

/** The organisations, their users and sign-in: sessions, resets, sign-ups, senders, throttles, the outbox. */

export type OrganisationTable = {
  id: Generated<number>;
  name: string;
  logo_image_url: string | null;
  privacy_url: string | null;
  contact_url: string | null;
  /** The sender's postal address every marketing email's footer carries (m0022). */
  postal_address: ColumnType<string, string | undefined, string>;
  /** The IANA zone whose days analytics counts in (m0040; set from the first user's user_tz at sign-up). */
  time_zone: ColumnType<string, string | undefined, string>;
  /** The template never-designed editions start from (m0048, default_template/); null: 'Weekly digest'. */
  default_template_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The id the website tracking snippet carries (m0060; random, set by the database). */
  journey_tracking_id: ColumnType<string, never, never>;
  /** The secret click-through tokens (wb_jt) are signed with (m0060; random, set by the database). */
  journey_token_key: ColumnType<string, never, never>;
  created_at: CreatedAt;
};

export type UserTable = {
  id: Generated<number>;
  org_id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  signup_app_name: string;
  plan_type: string | null;
  export_widget_permission: ColumnType<boolean, boolean | undefined, boolean>;
  has_share_profile_perm: ColumnType<boolean, boolean | undefined, boolean>;
  has_daily_iq_perm: ColumnType<boolean, boolean | undefined, boolean>;
  has_weekly_account_insight_perm: ColumnType<boolean, boolean | undefined, boolean>;
  sales_x_usage_permission: ColumnType<boolean, boolean | undefined, boolean>;
  first_login_workbench: ColumnType<boolean, boolean | undefined, boolean>;
  show_msg: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0 ordinary, 1 internal, 2 internal with elevated access (user 4708). */
  internal_level: ColumnType<number, number | undefined, number>;
  /** The organisation's administrator (its first user) or a member (m0031): see domain/userRoles.ts. */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** When an administrator removed the user from the organisation (m0045); null for a current user. */
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SessionTable = {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  csrf_token: string;
  user_agent: string | null;
  created_at: CreatedAt;
  expires_at: Date;
};

export type PasswordResetTable = {
  /** sha256 of the reset key. */
  key_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
};

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

export type OutboxTable = {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** The full text when it holds a one-time secret and waits for SMTP delivery (cleared after); never shown. */
  private_text_body: ColumnType<string | null, string | null | undefined, string | null>;
  private_html_body: ColumnType<string | null, string | null | undefined, string | null>;
  /** Due for (another) delivery attempt from then; a claimed row's lease end. */
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/**
 * A verified sender: an address an organisation has shown it controls (its first user's, confirmed at
 * sign-up, or one verified through a mailed link: server/services/user/requestSenderAddress.ts).
 */
export type VerifiedAddressTable = {
  id: Generated<number>;
  org_id: number;
  address: string;
  /** The display name sends from this address use (m0022). */
  sender_name: ColumnType<string, string | undefined, string>;
  /** The organisation's default sender (at most one). */
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  verified_at: CreatedAt;
  created_at: CreatedAt;
};

/** A From address waiting for the single-use link mailed to it (m0031; key_hash: sha256 of the key). */
export type SenderAddressRequestTable = {
  id: Generated<number>;
  org_id: number;
  address: string;
  sender_name: ColumnType<string, string | undefined, string>;
  key_hash: string;
  requested_by: number | null;
  created_at: CreatedAt;
  expires_at: Date;
};

/** A sign-up waiting for the link mailed to its address (key_hash: sha256 of the key). */
export type PendingSignupTable = {
  key_hash: string;
  email: string;
  first_name: string;
  last_name: string;
  organisation_name: string;
  password_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
};

/** Failed sign-ins of one key (an address, or an address and an IP): see loginThrottle.ts. */
export type LoginThrottleTable = {
  key: string;
  failures: number;
  last_failure_at: Date;
  next_attempt_at: Date;
};

/** A rate limit's window, shared by every process (server/lib/RateLimiter.ts). */
export type RateLimitTable = {
  /** sha256 of the limited key (a route and a client address, a person's test sends). */
  key: string;
  window_ends: Date;
  /** How much of the limit the processes have reserved in this window (bigint: a string from pg). */
  used: string | number;
  touched_at: Date;
};

/** An address invited into an organisation through a single-use link mailed to it (m0045). */
export type TeamInvitationTable = {
  id: Generated<number>;
  org_id: number;
  email: string;
  role: UserRole;
  key_hash: string;
  invited_by: number | null;
  created_at: CreatedAt;
  expires_at: Date;
};

/** One change an internal user made to a user's plan type or a feature flag (m0045): the audit log. */
export type PlanChangeTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  changed_by: number | null;
  field: string;
  old_value: string;
  new_value: string;
  created_at: CreatedAt;
};

/** Where a user stands in one area's tour (m0046): the step to resume at, or its step count when finished. */
export type OnboardingStepTable = {
  user_id: number;
  key: string;
  step: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};
