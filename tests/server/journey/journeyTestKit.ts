import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import type { SeededRandom } from '../../../server/seed/seededRandom.ts';

/** A page view as h-jcol's collection stores it (m0060's page_view), for the scoring tests. */
export type ViewInput = {
  orgId: number;
  contactId: number | null;
  path: string;
  at: Date;
  visitorKey: string;
};

/** Stores page views (their visitors made as needed); answers their ids. */
export async function recordViews(db: Kysely<Database>, views: readonly ViewInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const view of views) {
    const { rows } = await sql<{ id: string | number }>`
      with visitor as (
        insert into journey_visitor (org_id, visitor_key, contact_id) values (${view.orgId}, ${view.visitorKey},
          ${view.contactId})
        on conflict (org_id, visitor_key) do update set last_seen = now()
        returning id
      )
      insert into page_view (org_id, visitor_id, contact_id, url, path, title, referrer, source, viewed_at,
        client_event_id)
      select ${view.orgId}, visitor.id, ${view.contactId}, ${`https://site.test${view.path}`}, ${view.path},
        ${`Page ${view.path}`}, null, 'direct', ${view.at}, ${`e${ids.length}-${view.at.getTime()}-${Math.random()}`}
      from visitor returning id`.execute(db);
    ids.push(Number(rows[0]?.id));
  }
  return ids;
}

/** Identifies anonymous page views as a contact's, as the identify call does. */
export async function identifyViews(db: Kysely<Database>, viewIds: readonly number[], contactId: number) {
  if (viewIds.length === 0) return;
  await sql`update page_view set contact_id = ${contactId} where id = any(${viewIds}::bigint[])`.execute(db);
}

/** A form of the organisation, and submissions of it. */
export async function makeForm(db: Kysely<Database>, orgId: number): Promise<number> {
  const form = await db
    .insertInto('forms')
    .values({ org_id: orgId, public_id: `f${orgId}-${Date.now()}`, name: 'Demo request', fields: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return form.id;
}

export async function recordSubmission(
  db: Kysely<Database>,
  orgId: number,
  formId: number,
  contactId: number | null,
  at: Date,
): Promise<void> {
  await db
    .insertInto('form_submissions')
    .values({ org_id: orgId, form_id: formId, contact_id: contactId, answers: '{}', created_at: at } as never)
    .execute();
}

export const PATHS = ['/', '/blog/a', '/pricing', '/pricing/teams', '/demo', '/about', '/Pricing'];

/** A random path of PATHS. */
export const randomPath = (random: SeededRandom) => random.pick(PATHS);

/** Every contact's score and stage of an organisation, and its exact score decayed to `now`, by id. */
export async function scoresOf(db: Kysely<Database>, orgId: number, now: Date, halfLifeDays: number) {
  const { rows } = await sql<{ id: number; score: number; stage: string; raw: number }>`
    select id, engagement_score as score, buyer_stage as stage,
      coalesce(score_raw * power(0.5, extract(epoch from (${now}::timestamptz - score_at)) / (${halfLifeDays} * 86400.0)), 0)
        as raw
    from contacts where org_id = ${orgId} order by id`.execute(db);
  return rows.map((row) => ({ ...row, raw: Number(row.raw) }));
}

/** Every point row of an organisation, as comparable lines. */
export async function pointsOf(db: Kysely<Database>, orgId: number): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select concat_ws('|', contact_id, kind, source_id, points, extract(epoch from at), label) as line
    from journey_points where org_id = ${orgId} order by kind, source_id`.execute(db);
  return rows.map((row) => row.line);
}
