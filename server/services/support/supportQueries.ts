import type { Kysely } from 'kysely';
import type { SupportInboxMessage, SupportMessage } from '../../../domain/supportMessage.ts';
import type { Database } from '../../db/schema.ts';
import { listingPage } from '../../lib/listingPage.ts';

export function toMessage(row: { id: number; message: string; page_path: string | null; created_at: Date }) {
  return {
    id: row.id,
    message: row.message,
    page_path: row.page_path,
    created_at: row.created_at.toISOString(),
  } satisfies SupportMessage;
}

/** The user's own latest messages, oldest first (the order a chat reads in). */
export async function listOwnSupportMessages(
  db: Kysely<Database>,
  userId: number,
  limit: number,
): Promise<{ total_count: number; data: SupportMessage[] }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('support_messages')
      .select(['id', 'message', 'page_path', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { total_count: Number(total.count), data: rows.reverse().map(toMessage) };
}

/** Every message, newest first, with who sent it (the internal admins' inbox). */
export async function listSupportInbox(
  db: Kysely<Database>,
  page: { offset: number; limit: number },
): Promise<{ total_count: number; data: SupportInboxMessage[] }> {
  const query = db
    .selectFrom('support_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organisations as o', 'o.id', 'm.org_id')
    .select([
      'm.id',
      'm.message',
      'm.page_path',
      'm.created_at',
      'm.user_id',
      'm.org_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'o.name as org_name',
    ])
    .orderBy('m.id', 'desc');
  const found = await listingPage(db, query, page);
  return {
    total_count: found.total,
    data: found.rows.map((row) => ({
      ...toMessage(row),
      user_id: row.user_id,
      user_name: `${row.first_name} ${row.last_name}`.trim(),
      user_email: row.email,
      org_id: row.org_id,
      org_name: row.org_name,
    })),
  };
}
