import type { EmailEngagementRow } from '../../../../domain/analyticsContactTypes.ts';
import type { BadgeTone } from '../../../ui/Badge.tsx';

/** How an email's state for a contact (or an account's contacts) looks, in every engagement table. */
export const ENGAGEMENT_STATUS_TONE: Record<EmailEngagementRow['status'], BadgeTone> = {
  Unsubscribed: 'warning',
  Bounced: 'danger',
  Clicked: 'success',
  Opened: 'info',
  Delivered: 'neutral',
  Sent: 'neutral',
};
