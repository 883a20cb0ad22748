import type { PreflightResult, PublishConfiguration, PublishDraft } from '../../../../domain/editionSend.ts';
import { encodeEmojiReferences } from '../../../../domain/encodeEmojiReferences.ts';

/** The publish screen's form: the sender, the subject as people read it, the chosen audience (by id). */
export type PublishFormValues = PublishDraft;

/** The flags under the sender address, sender name and subject fields. */
export type PublishFormErrors = Partial<Record<'sender' | 'senderName' | 'subject', string>>;

/** Which field each of the preflight's findings about the form belongs under. */
const FIELD_OF_FINDING: Readonly<Record<string, keyof PublishFormErrors>> = {
  sender_address: 'sender',
  sender_name: 'senderName',
  subject: 'subject',
};

/** The preflight's errors about the sender and subject, as the flags of their fields (the server's words). */
export function publishFormErrors(preflight: PreflightResult | null): PublishFormErrors {
  const errors: PublishFormErrors = {};
  for (const finding of preflight?.errors ?? []) {
    const field = FIELD_OF_FINDING[finding.code];
    if (field && !errors[field]) errors[field] = finding.message;
  }
  return errors;
}

/** What publish_configurations/ saves: every field as it is on screen, the subject's emojis encoded. */
export function publishConfigurationOf(values: PublishDraft): PublishConfiguration {
  return {
    senderAddressId: values.senderAddressId,
    senderName: values.senderName,
    subject: encodeEmojiReferences(values.subject),
    listIds: values.listIds,
    contactIds: values.contactIds,
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
  const at = new Date(iso);
  const timeZone = zone ?? undefined;
  try {
    const text = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(at);
    return zone ? `${text} (${zone})` : text;
  } catch {
    return at.toISOString();
  }
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
