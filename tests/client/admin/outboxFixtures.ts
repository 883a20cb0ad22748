import type { OutboxEmail } from '../../../domain/outboxTypes.ts';

/** An outbox email: a sent password reset, with what the test changes. */
export const email = (over: Partial<OutboxEmail>): OutboxEmail => ({
  id: 7,
  kind: 'password_reset',
  to_address: 'ada@example.test',
  subject: 'Reset your password',
  text_body: 'Reset it here.',
  html_body: null,
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:01.000Z',
  ...over,
});
