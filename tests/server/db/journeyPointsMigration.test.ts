import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down } from '../../../server/db/migrations/m0067_journey_points_derived.ts';
import { migrateToLatest } from '../../../server/db/migrations.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  ({ database } = await prepareDatabase({ dataDir: 'memory://', seed: false }));
});
afterAll(async () => {
  await database?.close();
});

it('keeps scores in contact_scores, a page view row with its path, and adds the activity a zero weight left out', async () => {
  const db = database.db;
  // The database as it was before m0067: points stored per row, scores on the contacts.
  await down(db as never);
  await sql`delete from kysely_migration where name = 'm0067_journey_points_derived'`.execute(db);
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
  const org = async (name: string) =>
    (await one(sql<{ id: number }>`insert into organisations (name) values (${name}) returning id`)).id;
  const scored = await org('Scored');
  const zeroViews = await org('Views weigh nothing');
  await sql`insert into journey_criteria (org_id, email_open, email_click, form_submission, page_view, unsubscribe,
      page_patterns, half_life_days, stages)
    values (${zeroViews}, 2, 4, 10, 0, -15, '[{"pattern": "/pricing*", "points": 10}]', 30,
      '[{"name": "Awareness", "min_score": 0}]')`.execute(db);
  const contact = async (orgId: number, email: string, raw: number) =>
    (
      await one(sql<{ id: number }>`
        insert into contacts (org_id, first_name, last_name, email, buyer_stage, engagement_score, score_raw, score_at)
        values (${orgId}, 'A', 'B', ${email}, 'Awareness', ${Math.round(raw)}, ${raw},
          ${raw === 0 ? null : new Date('2026-11-01T00:00:00Z')})
        returning id`)
    ).id;
  const ann = await contact(scored, 'ann@scored.test', 12.5);
  const bob = await contact(scored, 'bob@scored.test', 0);
  const cat = await contact(zeroViews, 'cat@zero.test', 10);
  const view = async (orgId: number, contactId: number, path: string) => {
    const visitor = await one(sql<{ id: number }>`
      insert into journey_visitor (org_id, visitor_key, contact_id) values (${orgId}, ${`v-${path}-${contactId}`}, ${contactId})
      returning id`);
    return (
      await one(sql<{ id: number }>`
        insert into page_view (org_id, visitor_id, contact_id, url, path, title, referrer, source, viewed_at, client_event_id)
        values (${orgId}, ${visitor.id}, ${contactId}, ${`https://site.test${path}`}, ${path}, 'Page', '', 'direct',
          '2026-11-01T00:00:00Z', ${`e-${path}-${contactId}`})
        returning id`)
    ).id;
  };
  const annPricing = await view(scored, ann, '/Pricing/teams');
  const catPricing = await view(zeroViews, cat, '/pricing');
  // As m0061 stored them: Ann's view and its pattern's points; Cat's view gave 0, so only its pattern's.
  await sql`insert into journey_points (org_id, contact_id, kind, source_id, points, at, label) values
    (${scored}, ${ann}, 'page_view', ${annPricing}, 1, '2026-11-01T00:00:00Z', null),
    (${scored}, ${ann}, 'page_pattern', ${annPricing}, 10, '2026-11-01T00:00:00Z', '/pricing*'),
    (${zeroViews}, ${cat}, 'page_pattern', ${catPricing}, 10, '2026-11-01T00:00:00Z', '/pricing*')`.execute(
    db,
  );

  expect(await migrateToLatest(db)).toEqual(['m0067_journey_points_derived']);

  const scores = await sql<{ contact_id: number; score_raw: number }>`
    select contact_id, score_raw from contact_scores order by contact_id`.execute(db);
  expect(scores.rows).toEqual([
    { contact_id: ann, score_raw: 12.5 },
    { contact_id: cat, score_raw: 10 },
  ]);
  expect(scores.rows.some((row) => row.contact_id === bob)).toBe(false);
  const rows = await sql<{ contact_id: number; kind: string; source_id: string; label: string | null }>`
    select contact_id, kind, source_id::text as source_id, label from journey_points order by contact_id, kind`.execute(
    db,
  );
  expect(rows.rows).toEqual([
    { contact_id: ann, kind: 'page_view', source_id: String(annPricing), label: '/Pricing/teams' },
    { contact_id: cat, kind: 'page_view', source_id: String(catPricing), label: '/pricing' },
  ]);
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where (table_name = 'contacts' and column_name in ('score_raw', 'score_at'))
      or (table_name = 'journey_points' and column_name = 'points')`.execute(db);
  expect(columns.rows).toEqual([]);
});
