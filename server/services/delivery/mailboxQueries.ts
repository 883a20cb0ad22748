import { type Kysely, sql } from 'kysely';
import type { MailboxItem } from '../../../domain/mailboxTypes.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { listingPage } from '../../lib/listingPage.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The organisation's sends, newest first, with how often each was opened and clicked (events name their
 * send); with a search term, only those whose recipient (address or name) or subject contains it.
 */
export async function listMailbox(
  db: Kysely<Database>,
  orgId: number,
  page: { offset: number; limit: number; q?: string },
): Promise<{ total: number; items: MailboxItem[] }> {
  const searching = Boolean(page.q);
  const pattern = likePattern(page.q ?? '');
  const scope = db
    .selectFrom('email_send as s')
    .leftJoin('contacts as c', 'c.id', 's.contact_id')
    .where('s.org_id', '=', orgId)
    .$if(searching, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('s.to_address', 'ilike', pattern),
          eb('s.subject', 'ilike', pattern),
          eb(sql<string>`coalesce(c.first_name || ' ' || c.last_name, '')`, 'ilike', pattern),
        ]),
      ),
    );
  const found = await listingPage(
    db,
    scope
      .select((eb) => [
        's.id',
        's.to_address',
        's.contact_id',
        'c.first_name',
        'c.last_name',
        's.from_name',
        's.from_address',
        's.subject',
        's.status',
        's.via',
        's.email_id',
        's.workflow_id',
        's.created_at',
        's.delivered_at',
        's.last_error',
        's.is_test',
        ...(['opened', 'clicked'] as const).map((kind) =>
          eb
            .selectFrom('email_event as e')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('e.send_id', '=', eb.ref('s.id'))
            .where('e.kind', '=', kind)
            .as(kind === 'opened' ? 'opens' : 'clicks'),
        ),
      ])
      .orderBy('s.id', 'desc'),
    page,
  );
  return {
    total: found.total,
    items: found.rows.map((row) => ({
      send_id: row.id,
      to: row.to_address,
      contact_id: row.contact_id,
      contact_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      is_test: row.is_test,
      from: `${row.from_name} <${row.from_address}>`,
      subject: row.subject,
      status: row.status,
      via: row.via,
      email_id: row.email_id,
      workflow_id: row.workflow_id,
      created_at: iso(row.created_at) ?? '',
      delivered_at: iso(row.delivered_at),
      last_error: row.last_error,
      opens: Number(row.opens ?? 0),
      clicks: Number(row.clicks ?? 0),
    })),
  };
}

/** One send of the organisation with its content (SendBodies makes its HTML), or undefined (unknown, or another organisation's). */
export function findMailboxSend(db: Kysely<Database>, orgId: number, sendId: number) {
  return db
    .selectFrom('email_send')
    .select([
      'id',
      'html',
      'body_id',
      'token',
      'preference_uuid',
      'merge_values',
      'subject',
      'to_address',
      'from_name',
      'from_address',
      'status',
      'delivered_at',
    ])
    .where('id', '=', sendId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** The design-ready emails and (a page of, optionally searched) contacts the demo form offers. */
export async function mailboxOptions(db: Kysely<Database>, orgId: number, search: string) {
  const pattern = likePattern(search);
  const [emails, contacts] = await Promise.all([
    db
      .selectFrom('emails')
      .select(['id', 'name', 'subject'])
      .where('org_id', '=', orgId)
      .where('design_ready', '=', true)
      .where('html', 'is not', null)
      .orderBy('id')
      .limit(200)
      .execute(),
    db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'email', 'status'])
      .where('org_id', '=', orgId)
      .$if(search !== '', (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('email', 'ilike', pattern),
            eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
          ]),
        ),
      )
      .orderBy('id')
      .limit(50)
      .execute(),
  ]);
  return {
    emails: emails.map((e) => ({ email_id: e.id, name: e.name, subject: e.subject })),
    contacts: contacts.map((c) => ({
      contact_id: c.id,
      name: `${c.first_name} ${c.last_name}`.trim(),
      email: c.email,
      status: c.status,
    })),
  };
}
