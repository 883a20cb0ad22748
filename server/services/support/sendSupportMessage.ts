import type { Kysely } from 'kysely';
import type { SupportMessage } from '../../../domain/supportMessage.ts';
import type { Database } from '../../db/schema.ts';
import { toMessage } from './supportQueries.ts';

type NewSupportMessage = { userId: number; orgId: number; message: string; pagePath: string | null };

/** A signed-in person's message to support from the chat widget, stored for the internal admins' inbox. */
export async function sendSupportMessage(
  db: Kysely<Database>,
  input: NewSupportMessage,
): Promise<SupportMessage> {
  const row = await db
    .insertInto('support_messages')
    .values({
      user_id: input.userId,
      org_id: input.orgId,
      message: input.message,
      page_path: input.pagePath,
    })
    .returning(['id', 'message', 'page_path', 'created_at'])
    .executeTakeFirstOrThrow();
  return toMessage(row);
}
