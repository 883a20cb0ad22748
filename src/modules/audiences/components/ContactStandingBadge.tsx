import type { ContactStatusName } from '../../../../domain/audiencePeople.ts';
import {
  CONTACT_STANDING_HINTS,
  type ContactStanding,
  contactStanding,
} from '../../../../domain/contactStanding.ts';
import { Badge, type BadgeTone } from '../../../ui/Badge.tsx';

const TONES: Record<ContactStanding, BadgeTone> = {
  Subscribed: 'success',
  'No consent': 'neutral',
  Unsubscribed: 'warning',
  'Hard Bounce': 'danger',
};

/** A contact's standing (People, a list's contacts): its status, or "No consent", with why on hover. */
export function ContactStandingBadge({
  status,
  marketingConsent,
}: {
  status: ContactStatusName;
  marketingConsent: boolean;
}) {
  const standing = contactStanding(status, marketingConsent);
  return (
    <Badge tone={TONES[standing]} title={CONTACT_STANDING_HINTS[standing]}>
      {standing}
    </Badge>
  );
}
