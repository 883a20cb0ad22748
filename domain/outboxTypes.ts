/** The password-reset outbox as internal admins read it (GET outbox/ of the user service). */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

export type OutboxEmail = {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type OutboxPage = { total_count: number; data: OutboxEmail[] };
