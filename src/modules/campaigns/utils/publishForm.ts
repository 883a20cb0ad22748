import type { PublishConfiguration } from '../../../../domain/editionSend.ts';
import { encodeEmojiReferences } from '../../../../domain/encodeEmojiReferences.ts';
import { formatDate } from '../../../../domain/formatDate.ts';

/** The publish screen's form: the sender, the subject as people read it, the chosen audience. */
export type PublishFormValues = {
  senderAddressId: number | null;
  senderName: string;
  subject: string;
  lists: Map<number, string>;
  contacts: Map<number, string>;
};

/** The error flags of the sender address, sender name and subject (spec 02 section 5). */
export type PublishFormErrors = Partial<Record<'sender' | 'senderName' | 'subject', string>>;

export function publishFormErrors(values: PublishFormValues): PublishFormErrors {
  const errors: PublishFormErrors = {};
  if (values.senderAddressId === null) errors.sender = 'Choose the address this email is sent from.';
  if (!values.senderName.trim()) errors.senderName = 'Enter the sender name recipients see.';
  if (!values.subject.trim()) errors.subject = 'Enter a subject.';
  return errors;
}

/** What publish_configurations/ saves, the subject's emojis encoded; null while a flag is raised. */
export function publishConfigurationOf(values: PublishFormValues): PublishConfiguration | null {
  if (Object.keys(publishFormErrors(values)).length > 0 || values.senderAddressId === null) return null;
  return {
    senderAddressId: values.senderAddressId,
    senderName: values.senderName.trim(),
    subject: encodeEmojiReferences(values.subject.trim()),
    listIds: [...values.lists.keys()],
    contactIds: [...values.contacts.keys()],
  };
}

/** Characters as people count them (an emoji is one). */
export function subjectLength(subject: string): number {
  return [...subject].length;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The schedule form's first proposal: tomorrow at 09:00, local time. */
export function defaultScheduleAt(now: Date): { date: string; time: string } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return {
    date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
    time: '09:00',
  };
}

/** "Wed, 2 Jan 2030, 09:30 (Europe/Paris)": an instant in the zone it was scheduled in. */
export function formatScheduledFor(iso: string | null, zone: string | null): string {
  if (!iso) return 'a time not known';
  const text = formatDate(iso, 'weekdayDateTime', zone ?? undefined);
  return zone ? `${text} (${zone})` : text;
}

/** The edition's ids as the edition paths carry them (?campaign_id&email_id&version_id). */
export type EditionIds = { campaignId: number | null; emailId: number | null; versionId: number };

export function editionSearch(ids: EditionIds): Record<string, string> {
  return {
    ...(ids.campaignId !== null ? { campaign_id: String(ids.campaignId) } : {}),
    ...(ids.emailId !== null ? { email_id: String(ids.emailId) } : {}),
    version_id: String(ids.versionId),
  };
}

/**
 * The edition an address without version_id means (the permission redirect from=publish carries only
 * campaign_id and email_id): the email's draft edition, else its scheduled one, else its first.
 */
export function editionToPublish(
  emails: readonly { email_id: number; editions: readonly { version_id: number; status: string }[] }[],
  emailId: number,
): number | null {
  const editions = emails.find((e) => e.email_id === emailId)?.editions ?? [];
  const pick =
    editions.find((e) => e.status === 'draft') ??
    editions.find((e) => e.status === 'scheduled') ??
    editions[0];
  return pick?.version_id ?? null;
}
