import type { Db } from '../../db/Db.ts';

/**
 * A page of the outbox, newest first, with its total. Never the private bodies: what the outbox shows has
 * its one-time secrets redacted.
 */
export async function outboxPage(db: Db, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
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
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total_count: Number(total.count), data: rows };
}

/** One outbox email's redacted HTML (null when it has none). */
export async function outboxHtml(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('outbox').select('html_body').where('id', '=', id).executeTakeFirst();
  return row?.html_body ?? null;
}
