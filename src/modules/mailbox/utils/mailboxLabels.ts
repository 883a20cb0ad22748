import { formatDate } from '../../../../domain/formatDate.ts';
import type { MailboxSendStatus } from '../../../../domain/mailboxTypes.ts';
import type { BadgeTone } from '../../../ui/Badge.tsx';

const STATUS: Record<MailboxSendStatus, { label: string; tone: BadgeTone; help: string }> = {
  queued: {
    label: 'Queued',
    tone: 'info',
    help: 'Waiting to be sent (or to be retried after a temporary failure).',
  },
  sending: { label: 'Sending', tone: 'info', help: 'Being sent right now.' },
  delivered: { label: 'Delivered', tone: 'success', help: 'Accepted for delivery.' },
  suppressed: {
    label: 'Not sent',
    tone: 'warning',
    help: 'The contact is unsubscribed or hard-bounced, so no marketing email goes to them.',
  },
  bounced: {
    label: 'Bounced',
    tone: 'danger',
    help: 'The mail server refused the address for good; the contact is now Hard Bounce.',
  },
  failed: {
    label: 'Failed',
    tone: 'danger',
    help: 'Every attempt failed for a temporary reason; no more tries.',
  },
};

export const mailboxLabels = {
  status: (status: MailboxSendStatus) => STATUS[status],
  time: (iso: string | null) => (iso ? formatDate(iso, 'dateTime') : '—'),
};
