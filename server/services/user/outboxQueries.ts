import type { Db } from '../../db/Db.ts';
import { listingPage } from '../../lib/listingPage.ts';

/**
 * A page of the outbox, newest first, with its total. Never the private bodies: what the outbox shows has
 * its one-time secrets redacted.
 */
export async function outboxPage(db: Db, page: { offset: number; limit: number }) {
  const query = db
    .selectFrom('outbox')
    .select([
      'id',
      'org_id',
      'kind',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .orderBy('id', 'desc');
  const found = await listingPage(db, query, page);
  return { total_count: found.total, data: found.rows };
}

/** One outbox email's redacted HTML (null when it has none). */
export async function outboxHtml(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('outbox').select('html_body').where('id', '=', id).executeTakeFirst();
  return row?.html_body ?? null;
}
