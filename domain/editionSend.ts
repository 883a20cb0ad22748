/**
 * What the publish step's calls answer (base /api/publish/, server/services/publish/sendRoutes.ts), as the
 * publish screen, its machine and its api module share them. See docs/publish.md.
 */

export type SenderEmail = { id: number; email: string; sender_name: string | null; isDefault: boolean };

export type EditionSendStatus = 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled' | 'failed';

/** The latest send of an edition (a send, or a resend). */
export type EditionSendInfo = {
  send_id: number;
  kind: 'send' | 'resend';
  status: EditionSendStatus;
  scheduled_for: string | null;
  time_zone: string | null;
  queued_count: number;
  started_at: string | null;
  finished_at: string | null;
  /** The edition's emails so far (tests left out): delivered, failed (bounced or refused), on their way. */
  delivered_count: number;
  failed_count: number;
  pending_count: number;
  /** Why the send failed (status failed), else null. */
  error: string | null;
};

/** GET publish_email/: the spec's Publish data. */
export type PublishData = {
  version_id: number;
  status: string;
  sender_emails: SenderEmail[];
  sender_address_id: number | null;
  sender_name: string | null;
  subject: string | null;
  list_ids: number[];
  contact_ids: number[];
  designed: boolean;
  /** Outlook (spec 02 "Publish data"): whether the server is set up for it, and what is still to set. */
  outlook_configured: boolean;
  outlook_missing: string[];
  /** The signed-in user's connected mailbox (null: none). */
  outlook_sender_email_address: string | null;
  outlook_sender_name: string | null;
  /** This edition is sent through that mailbox (outlook_authorized/). */
  outlook_route: boolean;
  /** A mailbox is connected and working. */
  is_authorized: boolean;
  /** The connection stopped working (the spec's connectionError flag), with what to do. */
  connectionError: boolean;
  outlook_connection_error: string | null;
  /** Emails the mailbox may still send in the 24-hour window, of outlook_daily_limit. */
  outlook_remaining_emails: number;
  outlook_daily_limit: number;
  user_name: string;
  user_email: string;
  plan_type: string;
  promoCodes: string[];
  send: EditionSendInfo | null;
};

/**
 * The sender, subject and audience the publish screen saves (publish_configurations/) as they are on
 * screen, empty fields too (the preflight names what is missing); no sender address chosen: none sent.
 */
export type PublishConfiguration = {
  senderAddressId: number | null;
  senderName: string;
  subject: string;
  listIds: number[];
  contactIds: number[];
};

/** The publish screen's fields as they are on screen (the subject as people read it, emojis unencoded). */
export type PublishDraft = {
  senderAddressId: number | null;
  senderName: string;
  subject: string;
  listIds: number[];
  contactIds: number[];
};

export type RecipientsCount = {
  count: number;
  excluded: { unsubscribed: number; bounced: number; no_consent: number };
};

export type PreflightFinding = { code: string; message: string; block_id?: string };
export type PreflightResult = { errors: PreflightFinding[]; warnings: PreflightFinding[] };

/** Why the server refused a send (400 error field). */
export type SendRefusalKind =
  | 'not_premium'
  | 'preflight'
  | 'confirm_warnings'
  | 'no_recipients'
  | 'already_sent'
  | 'outlook_not_connected'
  | 'outlook_limit';

export type ResendTarget = 'not_opened' | 'new_contacts';

/**
 * A send still moving: being queued, or queued with emails still on their way to their recipients (the
 * screen keeps polling its progress until every email is delivered or has failed).
 */
export function isSendMoving(send: EditionSendInfo | null | undefined): boolean {
  if (!send) return false;
  return send.status === 'sending' || (send.status === 'sent' && send.pending_count > 0);
}

/** How often the screen asks for a send's progress while it goes out. */
export const SEND_PROGRESS_POLL_MS = 2000;
/** How often a scheduled edition is looked at (it starts by itself at its time). */
export const SCHEDULED_POLL_MS = 15_000;

/** What a send, schedule or resend came to: done, or refused by the server with a reason. */
export type SendOutcome =
  | { outcome: 'done'; send: EditionSendInfo }
  | {
      outcome: 'refused';
      kind: SendRefusalKind | 'other';
      message: string;
      preflight: PreflightResult | null;
    };

/** Every refusal a send can get (the server's send rules name one for each of their findings). */
export const SEND_REFUSAL_KINDS: readonly SendRefusalKind[] = [
  'not_premium',
  'preflight',
  'confirm_warnings',
  'no_recipients',
  'already_sent',
  'outlook_not_connected',
  'outlook_limit',
];
const REFUSAL_KINDS: readonly string[] = SEND_REFUSAL_KINDS;

/**
 * A refusal from a failed send call (400 with {message, error, errors?, warnings?}), or null when the
 * failure is not an answer to show (network, 500): those stay failures.
 */
export function sendRefusalOf(error: unknown): Extract<SendOutcome, { outcome: 'refused' }> | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, body, message } = error as { status?: unknown; body?: unknown; message?: unknown };
  if (status !== 400 && status !== 404) return null;
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    error?: unknown;
    errors?: unknown;
    warnings?: unknown;
  };
  const kind =
    typeof answer.error === 'string' && REFUSAL_KINDS.includes(answer.error) ? answer.error : 'other';
  const text =
    typeof answer.message === 'string' ? answer.message : typeof message === 'string' ? message : 'Refused.';
  const preflight =
    Array.isArray(answer.errors) || Array.isArray(answer.warnings)
      ? {
          errors: (Array.isArray(answer.errors) ? answer.errors : []) as PreflightFinding[],
          warnings: (Array.isArray(answer.warnings) ? answer.warnings : []) as PreflightFinding[],
        }
      : null;
  return { outcome: 'refused', kind: kind as SendRefusalKind | 'other', message: text, preflight };
}

/** Inboxes cut a subject off after about this many characters (the preflight warns past it). */
export const SUBJECT_INBOX_LIMIT = 150;
