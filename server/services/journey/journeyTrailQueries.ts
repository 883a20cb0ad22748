import { type Kysely, sql } from 'kysely';
import type { JourneyPointKind, JourneyTrail, JourneyTrailItem } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { criteriaCte, matchedPattern, pointsOf } from './scoringSql.ts';

type Row = {
  id: string | number;
  kind: JourneyPointKind;
  at: Date | string;
  points: number;
  pattern: string | null;
  email_name: string | null;
  link: string | null;
  form_name: string | null;
  url: string | null;
  path: string | null;
  title: string | null;
};

/** What an activity was, in words. */
function labelOf(row: Row): string {
  const email = row.email_name ?? 'an email';
  switch (row.kind) {
    case 'email_open':
      return `Opened ${email}`;
    case 'email_click':
      return row.link ? `Clicked ${row.link} in ${email}` : `Clicked a link in ${email}`;
    case 'unsubscribe':
      return `Unsubscribed from ${email}`;
    case 'form_submission':
      return `Submitted ${row.form_name ?? 'a form'}`;
    case 'page_view': {
      const page = `Viewed ${row.title || row.path || 'a page'}`;
      return row.pattern ? `${page} (a page matching ${row.pattern})` : page;
    }
  }
}

/**
 * buyer_journey_trail/: a contact's scored activities, newest first, each with the points it gives under
 * the organisation's criteria (a page view's with its matched page pattern's) and what it was. Another
 * organisation's contact is a 404.
 */
export async function journeyTrail(
  db: Kysely<Database>,
  orgId: number,
  query: { contact_id: number; page: number; page_size: number },
): Promise<JourneyTrail> {
  const contact = await db
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', query.contact_id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!contact) throw notFound('No such contact.');
  const [count, page] = await Promise.all([
    sql<{ n: string | number }>`
      select count(*) as n from journey_points where contact_id = ${query.contact_id}`.execute(db),
    sql<Row>`
      with ${criteriaCte}
      select p.id, p.kind, p.at, ${pointsOf('p', sql`(m.pattern->>'points')::int`)} as points,
        m.pattern->>'pattern' as pattern, em.name as email_name, ev.link, fo.name as form_name, v.url,
        v.path, v.title
      from journey_points p join crit c on c.org_id = p.org_id
        cross join lateral (select ${matchedPattern(sql`p.label`)} as pattern) m
        left join email_event ev on p.kind in ('email_open', 'email_click', 'unsubscribe') and ev.id = p.source_id
        left join emails em on em.id = ev.email_id
        left join form_submissions fs on p.kind = 'form_submission' and fs.id = p.source_id
        left join forms fo on fo.id = fs.form_id
        left join page_view v on p.kind = 'page_view' and v.id = p.source_id
      where p.contact_id = ${query.contact_id}
      order by p.at desc, p.id desc
      offset ${(query.page - 1) * query.page_size} limit ${query.page_size}`.execute(db),
  ]);
  return {
    total_records: Number(count.rows[0]?.n ?? 0),
    result: page.rows.map((row): JourneyTrailItem => {
      const item: JourneyTrailItem = {
        id: Number(row.id),
        kind: row.kind,
        at: new Date(row.at).toISOString(),
        points: row.points,
        label: labelOf(row),
      };
      if (row.url) item.url = row.url;
      if (row.email_name) item.email_name = row.email_name;
      return item;
    }),
  };
}
