import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type {
  CustomColumn,
  DuplicatePolicy,
  ImportMapping,
  ImportRowOutcome,
  ImportStatus,
} from '../../domain/contactImport.ts';
import type { MergeValues } from '../../domain/mergeFields.ts';
import type { UserRole } from '../../domain/userRoles.ts';
import type { ShareProfileConfig, WorkflowFlow } from '../../domain/workflowTypes.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

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
 * sign-up, or one verified through a mailed link: server/services/user/senderAddressCommands.ts).
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

export type AccountTable = {
  id: Generated<number>;
  org_id: number;
  name: string;
  website: string | null;
  industry: string | null;
  revenue: string | null;
  /** Stored lower(name), for prefix search. */
  name_lower: GeneratedAlways<string>;
  /** Stored: the website's lower-case host without "www." (m0033), how an import matches a company. */
  domain: GeneratedAlways<string | null>;
  created_at: CreatedAt;
};

export type PersonalityType = 'Dominant' | 'Influencer' | 'Steady' | 'Conscientious' | 'Others';
export type ContactStatus = 'Subscribed' | 'Hard Bounce' | 'Unsubscribed';

export type ContactTable = {
  id: Generated<number>;
  org_id: number;
  account_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  designation: string | null;
  phone_number: string | null;
  industry: string | null;
  personality_type: PersonalityType | null;
  personality: string;
  buyer_stage: string;
  status: ContactStatus;
  engagement_score: number;
  linkedin_url: string | null;
  twitter_url: string | null;
  /** m0033. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Columns of an imported file that are no contact field, name -> text (m0033). Written as a JSON text. */
  custom_fields: ColumnType<Record<string, string>, string | undefined, string>;
  /** Stored lower-case full name, last name and address (prefix search and the name sort). */
  full_name_lower: GeneratedAlways<string>;
  last_name_lower: GeneratedAlways<string>;
  email_lower: GeneratedAlways<string>;
  created_at: CreatedAt;
};

/** How many contacts of an organisation's people tab have a filter value (m0018; kept by triggers). */
export type AudienceFacetTable = {
  org_id: number;
  /** A people filter category, or 'account' (value: the account id). */
  category: string;
  value: string;
  tab: 'all' | 'profiled' | 'unprofiled';
  n: string;
};

export type ContactListTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  is_active: boolean;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Place in the Lists screen, highest first (m0015): new lists on top, a clone right after its original. */
  position: ColumnType<number, number | undefined, number>;
  /** The user who last sent to the list, and when (m0015). */
  last_used_by: ColumnType<number | null, number | null | undefined, number | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** An email an edition send queued to a member of a list of its audience (m0031): what was sent to the list. */
export type ListSendTable = {
  list_id: number;
  send_id: number;
};

/** A CSV import of contacts (m0015): a background job; see server/services/audience/importRunner.ts. */
export type AudienceImportTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  list_id: number | null;
  file_name: string;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  /** Field -> column index. Written as a JSON text. */
  mapping: ColumnType<ImportMapping, string | undefined, string>;
  /** The file's header cells (for the refused-rows download). Written as a JSON text. */
  headers: ColumnType<string[], string | undefined, string>;
  has_header: ColumnType<boolean, boolean | undefined, boolean>;
  total_rows: ColumnType<number, number | undefined, number>;
  processed_rows: ColumnType<number, number | undefined, number>;
  inserted: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  refused: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** What happens to the rows of an email the file repeats (m0033). */
  duplicate_policy: ColumnType<DuplicatePolicy, DuplicatePolicy | undefined, DuplicatePolicy>;
  /** The columns kept as custom fields. Written as a JSON text. */
  custom_columns: ColumnType<CustomColumn[], string | undefined, string>;
  /** The file's separator; null: found by the job. */
  delimiter: string | null;
  /** Rows left out because the file repeats their email (the choice above). */
  duplicates: ColumnType<number, number | undefined, number>;
  /** Rows with no value in any cell. */
  empty_rows: ColumnType<number, number | undefined, number>;
  /** The job's place in the file: the character after the last row written. */
  cursor_char: ColumnType<number, number | undefined, number>;
  /** The job has found the file's duplicates (recorded as refusals of kind 'duplicate'). */
  scanned: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type AudienceImportChunkTable = { import_id: number; seq: number; body: string };

export type AudienceImportRefusalTable = {
  import_id: number;
  row_number: number;
  reason: string;
  /** The row's cells. Written as a JSON text. */
  cells: ColumnType<string[], string, string>;
  /** Refused by the check, or left out as a duplicate (m0033). */
  kind: ColumnType<ImportRowOutcome, ImportRowOutcome | undefined, ImportRowOutcome>;
};

export type ListContactTable = {
  list_id: number;
  contact_id: number;
  added_at: CreatedAt;
};

export type CampaignTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  thumbnail: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Place in the campaign list, highest first (m0020): new or changed on top, a clone right after its original. */
  position: ColumnType<number, number | undefined, number>;
  keywords: ColumnType<string[], string[] | undefined, string[]>;
  /** create_campaign/'s advanced search: include/exclude sources and keywords (m0020). */
  advanced_search: ColumnType<CampaignAdvancedSearch, string | undefined, string>;
  /** lower(name), stored, for the list's search (m0021). */
  name_lower: GeneratedAlways<string>;
  /** A fixed pseudo campaign (m0040): 1 share profiles, 2 daily IQ, 3 weekly account insights; else null. */
  share_type: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Sources are ids or 'global' (the whole global pool), as the content explorer's advanced search names them. */
export type CampaignAdvancedSearch = {
  include_sources?: (number | 'global')[];
  exclude_sources?: (number | 'global')[];
  include_keywords?: string[];
  exclude_keywords?: string[];
};

/** A campaign's audience (m0020). */
export type CampaignListTable = { campaign_id: number; list_id: number };
export type CampaignContactTable = { campaign_id: number; contact_id: number };

export type EditionStatus = 'draft' | 'sent' | 'scheduled' | 'test';

/** An edition (version) of an email (m0020): the spec's version_id / edition_id. */
export type EmailVersionTable = {
  id: Generated<number>;
  org_id: number;
  email_id: number;
  user_id: number | null;
  name: ColumnType<string, string | undefined, string>;
  subject: ColumnType<string, string | undefined, string>;
  status: ColumnType<EditionStatus, EditionStatus | undefined, EditionStatus>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  thumbnail: string | null;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scheduled_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The saved design document (EmailDesign, domain/emailDesign.ts), null until designed (m0022). */
  design: ColumnType<unknown | null, string | null | undefined, string | null>;
  design_saved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The design rendered to HTML (merge fields and the preference link still placeholders). */
  html: string | null;
  text_preview: string | null;
  /** True while text_preview is the user's own edit (update_text_preview/), not the generated one. */
  text_preview_edited: ColumnType<boolean, boolean | undefined, boolean>;
  /** The unguessable public id of the web version and RSS feed, set when first published. */
  web_id: string | null;
  sender_address_id: number | null;
  sender_name: string | null;
  /** The audience chosen on the publish step (m0024). */
  audience_list_ids: ColumnType<number[], number[] | undefined, number[]>;
  audience_contact_ids: ColumnType<number[], number[] | undefined, number[]>;
  /** Sent through the connected Outlook mailbox of the person who sends it (m0027). */
  outlook_route: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** A design to start from (m0022): org_id null = the product's own (featured) templates. */
export type EmailTemplateTable = {
  id: Generated<number>;
  org_id: number | null;
  user_id: number | null;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  design: ColumnType<unknown, string, string>;
  featured: ColumnType<boolean, boolean | undefined, boolean>;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  thumbnail: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type EditionSendKind = 'send' | 'test' | 'resend';
export type EditionSendStatus = 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled' | 'failed';

/** One send of an edition (m0024): send now, scheduled, test or resend, walked in contact-id batches. */
export type EditionSendTable = {
  id: Generated<number>;
  org_id: number;
  version_id: number;
  user_id: number | null;
  kind: EditionSendKind;
  status: EditionSendStatus;
  resend_to: 'not_opened' | 'new_contacts' | null;
  scheduled_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  time_zone: string | null;
  list_ids: ColumnType<number[], number[] | undefined, number[]>;
  contact_ids: ColumnType<number[], number[] | undefined, number[]>;
  test_addresses: ColumnType<string[], string[] | undefined, string[]>;
  cursor_contact_id: ColumnType<number, number | undefined, number>;
  queued_count: ColumnType<number, number | undefined, number>;
  recipients_total: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: CreatedAt;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: UpdatedAt;
  /** The user whose connected Outlook mailbox sends it (m0027); null: the usual transport. */
  outlook_user_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** A one-time OAuth state of an Outlook connection (m0027): its SHA-256, the user, the PKCE verifier. */
export type OutlookAuthStateTable = {
  state_hash: string;
  user_id: number;
  org_id: number;
  /** The PKCE code_verifier, encrypted (tokenCipher). */
  code_verifier: string;
  /** The edition whose publish step started it (the way back). */
  version_id: number | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** A user's connected Outlook mailbox (m0027); the tokens are encrypted (tokenCipher), never plain text. */
export type OutlookConnectionTable = {
  user_id: number;
  org_id: number;
  email_address: string;
  display_name: ColumnType<string, string | undefined, string>;
  access_token: string;
  refresh_token: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  status: ColumnType<'connected' | 'error', 'connected' | 'error' | undefined, 'connected' | 'error'>;
  error: string | null;
  connected_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: UpdatedAt;
};

/** A campaign's promo export widget (m0028): its public id and promotion codes. */
export type CampaignExportWidgetTable = {
  campaign_id: number;
  org_id: number;
  /** The public, unguessable id of /widget/{widget_id} (128 random bits, base64url). */
  widget_id: string;
  promotion_codes: ColumnType<string[], string[] | undefined, string[]>;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** An organisation's brand theme (DesignTheme as JSON). */
export type BrandThemeTable = {
  org_id: number;
  theme: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
};

/** An image uploaded for designs; the file is DATA_DIR/uploads/<id>. */
export type UploadedImageTable = {
  id: string;
  org_id: number;
  user_id: number | null;
  content_type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  byte_size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  created_at: CreatedAt;
};

/** An article curated into an edition (m0020), in the edition's order. */
export type EditionArticleTable = {
  version_id: number;
  article_id: number;
  position: number;
  added_by: number | null;
  added_at: CreatedAt;
};

/** A user's favourite article (m0020). */
export type ArticleFavouriteTable = { user_id: number; article_id: number; created_at: CreatedAt };

/** email_type: 0 digest (hybrid), 1 ad hoc (custom), 2 AI. */
export type EmailTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  campaign_id: number | null;
  name: string;
  subject: string;
  email_type: number;
  design_ready: boolean;
  sent_from: string;
  sender_name: string;
  thumbnail: string | null;
  email_platform: string;
  html: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type TopicKind = 'alert' | 'newsletter';

export type SubscriptionTopicTable = {
  id: Generated<number>;
  org_id: number;
  kind: TopicKind;
  name: string;
  position: number;
};

export type PreferenceTable = {
  /** The public unsubscribe id: a random UUID. */
  uuid: string;
  org_id: number;
  contact_id: number | null;
  email: string;
  marketing: boolean;
  webinars: boolean;
  unsub_all: boolean;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type PreferenceTopicTable = {
  preference_uuid: string;
  topic_id: number;
  subscribed: boolean;
};

/** Free-form details of a preference page event (client timestamp, the lists it carried). */
export type PreferenceEventPayload = Record<string, unknown>;

export type PreferenceEventTable = {
  id: Generated<number>;
  /** The preference record's unsubscribe uuid. */
  uuid: string;
  key: string;
  status: string;
  /** Written as a JSON text, read back as an object. */
  payload: ColumnType<PreferenceEventPayload, string, string>;
  created_at: CreatedAt;
};

/** A message sent from the support-chat widget (user id, org id, message, the page it was sent from). */
export type SupportMessageTable = {
  id: Generated<number>;
  user_id: number;
  org_id: number;
  message: string;
  page_path: string | null;
  created_at: CreatedAt;
};

export type ConsentSource = 'page' | 'unsubscribe' | 'resubscribe' | 'one_click' | 'api' | 'form';

/** One append-only consent ledger entry (a trigger refuses UPDATE and DELETE). */
export type ConsentLedgerTable = {
  /** bigserial: read back as text by the PostgreSQL driver, as a number by PGlite. */
  id: ColumnType<string | number, never, never>;
  preference_uuid: string;
  org_id: number;
  source: ConsentSource;
  ip: string | null;
  user_agent: string | null;
  /** Written as a JSON text, read back as an object. */
  before: ColumnType<unknown, string, never>;
  after: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
};

export type WorkflowStatusValue = 'draft' | 'active' | 'inactive';

/** A workflow. flow and newly_added_nodes are jsonb: written as JSON texts, read back as values. */
export type WorkflowTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  /** lower(name), generated by the database (the list's name search). */
  name_lower: ColumnType<string, never, never>;
  status: ColumnType<WorkflowStatusValue, WorkflowStatusValue | undefined, WorkflowStatusValue>;
  trigger_id: number;
  email_id: number | null;
  list_id: number | null;
  sp_uuid: string | null;
  flow: ColumnType<WorkflowFlow, string | undefined, string>;
  node_count: ColumnType<number, number | undefined, number>;
  newly_added_nodes: ColumnType<string[], string | undefined, string>;
  recently_published_at: Date | null;
  trigger_email_sent: ColumnType<boolean, boolean | undefined, boolean>;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** Emails mapped to a workflow (email_mapping/): the emails its graph shows. */
export type WorkflowEmailTable = { workflow_id: number; email_id: number };

export type ShareProfileTable = {
  uuid: string;
  org_id: number;
  user_id: number;
  name: string;
  config: ColumnType<ShareProfileConfig, string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type EmailEventKind = 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed';

/** One email event (sending loop; read by the workflow email graph). */
export type EmailEventTable = {
  /** bigserial: read back as text by the PostgreSQL driver, as a number by PGlite. */
  id: ColumnType<string | number, never, never>;
  org_id: number;
  kind: EmailEventKind;
  contact_id: number | null;
  email_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  node_id: string | null;
  link: string | null;
  user_agent: string | null;
  occurred_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The send the event is about (m0009; null for older events and events of no send). */
  send_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** An event of a test email (m0026). */
  is_test: ColumnType<boolean, boolean | undefined, boolean>;
  /** The edition sent (m0040; no foreign key: it stays what it was). */
  version_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The contact's account when the event happened (m0040). */
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The curated article a clicked link is (m0040). */
  article_id: ColumnType<number | null, number | null | undefined, number | null>;
};

// --- analytics rollups (m0040; kept by server/services/analytics/, docs/analytics.md) ---
type Count = ColumnType<number, number | undefined, number>;
type OptionalMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type EventId = ColumnType<string | number, string | number, string | number>;

/** Counted events of one organisation day and edition (duplicates once); uniques: first touches that day. */
export type AnalyticsDayTotalsTable = {
  org_id: number;
  /** The day in the organisation's time zone (YYYY-MM-DD). */
  day: ColumnType<string, string, string>;
  email_id: number;
  version_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  is_test: boolean;
  sent: Count;
  delivered: Count;
  opened: Count;
  clicked: Count;
  bounced: Count;
  unsubscribed: Count;
  unique_opens: Count;
  unique_clicks: Count;
};

/** One contact and email: delivery state, counted events, first open and click (uniques are row counts). */
export type AnalyticsContactEmailTable = {
  org_id: number;
  contact_id: number;
  email_id: number;
  is_test: boolean;
  /** Of the latest event (by time, then id). */
  account_id: number | null;
  campaign_id: number | null;
  version_id: number | null;
  workflow_id: number | null;
  last_event_id: EventId;
  last_event_at: ColumnType<Date, Date | string, Date | string>;
  sent: Count;
  delivered: Count;
  opened: Count;
  clicked: Count;
  bounced: Count;
  unsubscribed: Count;
  first_sent_at: OptionalMoment;
  last_sent_at: OptionalMoment;
  delivered_at: OptionalMoment;
  bounced_at: OptionalMoment;
  unsubscribed_at: OptionalMoment;
  first_open_at: OptionalMoment;
  first_open_event_id: ColumnType<
    string | number | null,
    string | number | null | undefined,
    string | number | null
  >;
  first_click_at: OptionalMoment;
  first_click_event_id: ColumnType<
    string | number | null,
    string | number | null | undefined,
    string | number | null
  >;
};

/** The counted clicks of one article by one contact. */
export type AnalyticsArticleContactTable = {
  org_id: number;
  article_id: number;
  contact_id: number;
  is_test: boolean;
  account_id: number | null;
  clicks: Count;
  first_click_at: ColumnType<Date, Date | string, Date | string>;
  last_click_at: ColumnType<Date, Date | string, Date | string>;
  last_event_id: EventId;
};

/** How far the rollups have read email_event (one row). */
export type AnalyticsProgressTable = {
  id: ColumnType<number, number | undefined, number>;
  last_event_id: EventId;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
/** A saved analytics filter (m0041): fs_id in a report's address. */
export type AnalyticsSavedFilterTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  name: string;
  saved_data: ColumnType<Record<string, unknown>, string, string>;
  is_temporary: boolean;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
/** An analytics export (m0042): a report written to DATA_DIR/exports by a job, kept 7 days. */
export type AnalyticsExportTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  report: string;
  format: 'csv' | 'xlsx';
  params: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<
    'queued' | 'ready' | 'failed',
    'queued' | 'ready' | 'failed' | undefined,
    'queued' | 'ready' | 'failed'
  >;
  token_hash: string | null;
  file_name: string | null;
  rows: number | null;
  error: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
// --- end analytics rollups ---

// --- email delivery (m0007) ---
export type EmailSendStatus = 'queued' | 'sending' | 'delivered' | 'suppressed' | 'bounced' | 'failed';

/** One marketing email to one contact (m0007): rendered, tracked, delivered by the delivery worker. */
export type EmailSendTable = {
  id: Generated<number>;
  /** Public tracking token: 128 random bits, base64url. */
  token: string;
  org_id: number;
  /** Null only for a test send (is_test) to an address of the organisation that is no contact. */
  contact_id: number | null;
  email_id: number;
  campaign_id: number | null;
  workflow_id: number | null;
  node_id: string | null;
  dedupe_key: string;
  preference_uuid: string | null;
  to_address: string;
  from_address: string;
  from_name: string;
  subject: string;
  /** The full HTML of sends made before m0025; newer sends have body_id instead. */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  /** The original links (sends before m0025; newer ones read their body's). Written as a JSON text. */
  links: ColumnType<string[], string | undefined, string>;
  /** The prepared body this send shares with the other sends of the same content (m0025). */
  body_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The recipient's merge fields when queued (m0025). Written as a JSON text. */
  merge_values: ColumnType<MergeValues | null, string | null | undefined, string | null>;
  /** A test email (m0026): to an address of the organisation, left out of analytics unless asked. */
  is_test: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<EmailSendStatus, EmailSendStatus | undefined, EmailSendStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  message_id: string;
  /** 'smtp' or 'mailbox' (the built-in demo mailbox), once delivered. */
  via: string | null;
  created_at: CreatedAt;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The edition sent (m0020; null for sends before editions). */
  version_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sent through this user's connected Outlook mailbox (m0027); null: the usual transport. */
  outlook_user_id: ColumnType<number | null, number | null | undefined, number | null>;
};
/** An email's content prepared for sending once, shared by every send of it (m0025). */
export type EmailBodyTable = {
  id: Generated<number>;
  org_id: number;
  /** sha256 of the source HTML: the same content in one organisation is one body. */
  digest: string;
  /** The HTML with the send's token, the preference link and the tracking origins as placeholders. */
  html: string;
  /** The tracked original links, addressed by index in click URLs. Written as a JSON text. */
  links: ColumnType<string[], string, string>;
  created_at: CreatedAt;
};
// --- end email delivery ---

// --- workflow runtime (m0008) ---
export type EnrolmentStatus = 'running' | 'waiting' | 'held' | 'completed' | 'exited' | 'failed';

/** A contact enrolled in a workflow (m0008). */
export type WorkflowEnrolmentTable = {
  id: Generated<number>;
  org_id: number;
  workflow_id: number;
  contact_id: number;
  status: EnrolmentStatus;
  /** The node the enrolment runs next, waits at, or stopped at. */
  current_node: string;
  step_seq: ColumnType<number, number | undefined, number>;
  /** Held enrolments: the status to go back to on resume. */
  resume_status: 'running' | 'waiting' | null;
  next_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  job_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  trigger_id: number;
  trigger_event_id: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The send whose event started the enrolment (m0009): one enrolment per workflow and send. */
  trigger_send_id: ColumnType<number | null, number | null | undefined, number | null>;
  trigger_detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Workflows whose steps led to this enrolment (the loop guard). */
  chain: ColumnType<number[], number[] | undefined, number[]>;
  enrolled_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: UpdatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** One thing that happened to an enrolment at a node (m0008). */
export type WorkflowStepHistoryTable = {
  id: ColumnType<string | number, never, never>;
  enrolment_id: number;
  workflow_id: number;
  contact_id: number;
  node_id: string;
  outcome: string;
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
};
// --- end workflow runtime ---

/** A sales-team group of an organisation's users (m0016). */
export type SalesGroupTable = {
  id: Generated<number>;
  org_id: number;
  name: string;
  is_deletable: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SalesGroupUserTable = {
  group_id: number;
  user_id: number;
  added_at: CreatedAt;
};

/** A form of an organisation, hosted at /f/{public_id} (m0017). fields: the form's fields (jsonb). */
export type FormTable = {
  id: Generated<number>;
  org_id: number;
  public_id: string;
  name: string;
  campaign_id: number | null;
  list_id: number | null;
  fields: ColumnType<unknown, string, string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** One submission of a hosted form (m0017). answers: the posted values by field key (jsonb). */
export type FormSubmissionTable = {
  id: Generated<number>;
  form_id: number;
  org_id: number;
  contact_id: number | null;
  answers: ColumnType<unknown, string, string>;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  origin: string | null;
  origin_domain: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
};

// --- article pool (m0019) ---
export type FeedKind = 'rss' | 'atom' | 'json';

/** A feed the pool is filled from (m0019). org_id null: the global pool, the default source. */
export type ArticleSourceTable = {
  id: Generated<number>;
  org_id: number | null;
  name: string;
  feed_url: string;
  /** Known after the first successful read of the feed. */
  kind: FeedKind | null;
  /** false: never fetched (the demo pool, generated at seed time; a paused feed). */
  fetch_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why the last fetch failed (null after a fetch that worked). */
  last_error: string | null;
  created_at: CreatedAt;
};

/** A concept of an article: a term of its text and its TF-IDF weight in the pool (0..1, the top one 1). */
export type ArticleConcept = { name: string; relevance: number };

/** One article of a pool (m0019), stored once per pool by canonical link. */
export type ArticleTable = {
  id: Generated<number>;
  /** The pool: null for the global pool, else the organisation whose source brought it. */
  org_id: number | null;
  source_id: number | null;
  title: string;
  /** Plain-text summary. */
  description: ColumnType<string, string | undefined, string>;
  /** Plain text of the full content, when the feed carries it. */
  content_text: string | null;
  link: string;
  canonical_link: string;
  /** The host of the canonical link (spec "website"). */
  website: string;
  image_url: string | null;
  published_at: ColumnType<Date, Date | string, Date | string>;
  /** Capitalised multi-word names in the text, as written. */
  entities: ColumnType<string[], string[] | undefined, string[]>;
  /** The same, lower-cased: matched against account names (GIN index). */
  entity_keys: ColumnType<string[], string[] | undefined, string[]>;
  concepts: ColumnType<ArticleConcept[], string | undefined, string>;
  created_at: CreatedAt;
  /** Full-text search vector (title A, description B, text C), generated by the database. */
  search: GeneratedAlways<string>;
};

/** Document counts of terms per pool (0 = the global pool, else an org id), for TF-IDF concepts (m0019). */
export type ArticleTermCountTable = {
  pool: number;
  term: string;
  doc_count: number;
};
// --- end article pool ---

export type Database = {
  organisations: OrganisationTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  verified_addresses: VerifiedAddressTable;
  sender_address_requests: SenderAddressRequestTable;
  pending_signups: PendingSignupTable;
  login_throttle: LoginThrottleTable;
  rate_limits: RateLimitTable;
  accounts: AccountTable;
  contacts: ContactTable;
  audience_facets: AudienceFacetTable;
  contact_lists: ContactListTable;
  list_contacts: ListContactTable;
  list_sends: ListSendTable;
  sales_groups: SalesGroupTable;
  sales_group_users: SalesGroupUserTable;
  forms: FormTable;
  form_submissions: FormSubmissionTable;
  audience_imports: AudienceImportTable;
  audience_import_chunks: AudienceImportChunkTable;
  audience_import_refusals: AudienceImportRefusalTable;
  campaigns: CampaignTable;
  emails: EmailTable;
  subscription_topics: SubscriptionTopicTable;
  preferences: PreferenceTable;
  preference_topics: PreferenceTopicTable;
  preference_events: PreferenceEventTable;
  support_messages: SupportMessageTable;
  consent_ledger: ConsentLedgerTable;
  workflow: WorkflowTable;
  workflow_email: WorkflowEmailTable;
  share_profile: ShareProfileTable;
  email_event: EmailEventTable;
  email_send: EmailSendTable;
  email_bodies: EmailBodyTable;
  workflow_enrolment: WorkflowEnrolmentTable;
  workflow_step_history: WorkflowStepHistoryTable;
  article_sources: ArticleSourceTable;
  articles: ArticleTable;
  article_term_counts: ArticleTermCountTable;
  campaign_lists: CampaignListTable;
  campaign_contacts: CampaignContactTable;
  email_versions: EmailVersionTable;
  edition_articles: EditionArticleTable;
  article_favourites: ArticleFavouriteTable;
  email_templates: EmailTemplateTable;
  brand_themes: BrandThemeTable;
  uploaded_images: UploadedImageTable;
  edition_sends: EditionSendTable;
  outlook_auth_states: OutlookAuthStateTable;
  outlook_connections: OutlookConnectionTable;
  campaign_export_widgets: CampaignExportWidgetTable;
  analytics_day_totals: AnalyticsDayTotalsTable;
  analytics_contact_email: AnalyticsContactEmailTable;
  analytics_article_contact: AnalyticsArticleContactTable;
  analytics_progress: AnalyticsProgressTable;
  analytics_saved_filters: AnalyticsSavedFilterTable;
  analytics_exports: AnalyticsExportTable;
};

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type OutboxRow = Selectable<OutboxTable>;
