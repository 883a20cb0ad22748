import { formatDate } from '../../../../domain/formatDate.ts';
import type { OutboxStatus } from '../../../../domain/outboxTypes.ts';
import type { BadgeTone } from '../../../ui/Badge.tsx';

/** How the outbox names kinds and statuses of emails. */
export const outboxLabels = {
  kind(kind: string): string {
    const words = kind.replace(/[_-]+/g, ' ').trim();
    return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Email';
  },
  status(status: OutboxStatus): { label: string; tone: BadgeTone; help: string } {
    switch (status) {
      case 'sent':
        return { label: 'Sent', tone: 'success', help: 'Delivered to the mail server.' };
      case 'queued':
        return { label: 'Queued', tone: 'info', help: 'Waiting to be delivered.' };
      case 'sending':
        return { label: 'Sending', tone: 'info', help: 'Being delivered now.' };
      case 'failed':
        return { label: 'Failed', tone: 'danger', help: 'Delivery failed after several attempts.' };
      case 'kept':
        return { label: 'Kept', tone: 'neutral', help: 'Kept in the outbox: no mail server is configured.' };
    }
  },
  time(iso: string): string {
    return formatDate(iso, 'dateTime');
  },
};
