import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A send of an edition version: to its audience (started now or scheduled), a resend, or a test. */
export type EditionSendFields = {
  orgId: number;
  versionId: number;
  userId: number;
  /** Sent through this user's own Outlook mailbox (outlook_authorized/), or null for the product's transport. */
  outlookUserId: number | null;
} & (
  | {
      kind: 'send' | 'resend';
      status: 'sending' | 'scheduled';
      listIds: number[];
      contactIds: number[];
      resendTo?: 'not_opened' | 'new_contacts';
      scheduledFor?: Date;
      timeZone?: string;
    }
  | {
      /** A test goes to a few addresses at once: queued and finished when it is inserted. */
      kind: 'test';
      testAddresses: string[];
    }
);

/** Inserts a send (the one way edition_sends rows are made) and answers its id. */
export async function insertEditionSend(db: Kysely<Database>, fields: EditionSendFields): Promise<number> {
  const now = new Date();
  const common = {
    org_id: fields.orgId,
    version_id: fields.versionId,
    user_id: fields.userId,
    outlook_user_id: fields.outlookUserId,
  };
  const values =
    fields.kind === 'test'
      ? {
          ...common,
          kind: 'test' as const,
          status: 'sent' as const,
          test_addresses: fields.testAddresses,
          queued_count: fields.testAddresses.length,
          recipients_total: fields.testAddresses.length,
          started_at: now,
          finished_at: now,
        }
      : {
          ...common,
          kind: fields.kind,
          status: fields.status,
          resend_to: fields.resendTo ?? null,
          scheduled_for: fields.scheduledFor ?? null,
          time_zone: fields.timeZone ?? null,
          list_ids: fields.listIds,
          contact_ids: fields.contactIds,
          started_at: fields.status === 'sending' ? now : null,
        };
  const row = await db.insertInto('edition_sends').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Who sends an edition and how: its organisation, the person, their Outlook mailbox when it goes through it. */
export function sentBy(
  user: { id: number; org_id: number },
  edition: { id: number; outlook_route: boolean },
): Pick<EditionSendFields, 'orgId' | 'versionId' | 'userId' | 'outlookUserId'> {
  return {
    orgId: user.org_id,
    versionId: edition.id,
    userId: user.id,
    // Sent through the sender's own Outlook mailbox when the edition says so (outlook_authorized/).
    outlookUserId: edition.outlook_route ? user.id : null,
  };
}
