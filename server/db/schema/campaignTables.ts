import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { CreatedAt, UpdatedAt } from './columns.ts';

/** Campaigns, emails, editions, their designs, templates, sends, Outlook, widgets, images, curated articles. */

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
  /** An AI variant's generation (m0062); null for every other email. */
  generation_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The personality an AI variant is written for (m0062). */
  personality_type: ColumnType<
    AiPersonalityType | null,
    AiPersonalityType | null | undefined,
    AiPersonalityType | null
  >;
  /** An AI variant marked reviewed, and when it was last opened on the review screen (m0062). */
  is_reviewed: ColumnType<boolean, boolean | undefined, boolean>;
  last_visited: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type AiGenerationState = 'running' | 'done' | 'failed' | 'cancelled';

/** One AI email request (m0062): a prompt written for an audience, one variant (email) per personality. */
export type AiGenerationTable = {
  id: Generated<number>;
  org_id: number;
  /** The client's id of the request (progress and cancel name it). */
  ai_id: string;
  campaign_id: number | null;
  /** create_campaign_flag: the campaign made when the variants are saved. */
  new_campaign_name: string | null;
  name: string;
  prompt: string;
  audience_contact_ids: ColumnType<number[], number[] | undefined, number[]>;
  audience_list_ids: ColumnType<number[], number[] | undefined, number[]>;
  /** The personality types asked for. */
  personalities: ColumnType<AiPersonalityType[], AiPersonalityType[] | undefined, AiPersonalityType[]>;
  emails_to: ColumnType<string, string | undefined, string>;
  /** 'built-in' or 'model:<name>'. */
  composer: string;
  state: ColumnType<AiGenerationState, AiGenerationState | undefined, AiGenerationState>;
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** What the composer was asked and wrote (AiOutput[] as JSON text on write), for audit. */
  outputs: ColumnType<unknown, string | undefined, string>;
  created_by: number | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
};
