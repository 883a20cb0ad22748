import type { ColumnType, Generated } from 'kysely';
import type { MergeValues } from '../../../domain/mergeFields.ts';
import type { CreatedAt } from './columns.ts';

/** Email events, marketing sends and their prepared bodies. */

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
