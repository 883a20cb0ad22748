/**
 * The demo mailbox's answers (user service): shared by the server (server/services/delivery) and
 * the mailbox page. Dates are ISO texts.
 */

export type MailboxSendStatus = 'queued' | 'sending' | 'delivered' | 'suppressed' | 'bounced' | 'failed';

export type MailboxItem = {
  send_id: number;
  to: string;
  /** Null for a test email to an address of the organisation that is no contact. */
  contact_id: number | null;
  contact_name: string;
  /** A test email (the publish step's "Send a test"). */
  is_test: boolean;
  from: string;
  subject: string;
  status: MailboxSendStatus;
  via: string | null;
  email_id: number;
  workflow_id: number | null;
  created_at: string;
  delivered_at: string | null;
  last_error: string | null;
  opens: number;
  clicks: number;
};

/** 'mailbox': no SMTP server is configured, the demo mailbox is where email goes; 'smtp': sent for real. */
export type MailboxTransport = 'mailbox' | 'smtp';

export type MailboxPage = { transport: MailboxTransport; total_count: number; data: MailboxItem[] };

export type MailboxEmail = {
  send_id: number;
  subject: string;
  to: string;
  from: string;
  status: MailboxSendStatus;
  delivered_at: string | null;
  /** The email as sent: links through the click endpoint, the open pixel at the end. */
  html: string;
};

export type MailboxOptions = {
  emails: { email_id: number; name: string; subject: string }[];
  contacts: { contact_id: number; name: string; email: string; status: string }[];
};
