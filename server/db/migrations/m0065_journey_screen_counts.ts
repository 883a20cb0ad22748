import { type Kysely, sql } from 'kysely';

/**
 * The buyer journey's sources report, kept ahead of the question (docs/journey.md, "Counts kept ahead"):
 * at ten million page views a quarter holds millions of views and distinct visitors, too many to count
 * when asked. Exact, in UTC buckets of three grains (a day, an hour, a quarter of an hour: every time
 * zone's midnight falls on a quarter hour, so any period of whole local days is a union of whole buckets):
 * - journey_view_counts: views per organisation, grain, bucket start and combination of source, UTM
 *   parameters and referrer host;
 * - journey_visitor_last: per visitor its last view of each source ('' for any source);
 * - journey_visitor_counts: per organisation, grain, bucket and source ('' any) the visitors whose last
 *   view falls in the bucket, so the visitors of a period that reaches the latest view are those counted
 *   in the buckets from its start on.
 * Statement triggers on page_view keep the first two in the writer's transaction (the collector's batches,
 * a bulk load), the last follows journey_visitor_last by its own triggers (-1 on the old buckets, +1 on
 * the new). ENABLE ALWAYS: also under set-wise deletes that skip triggers.
 * The overview's page of one stage, by score, reads contacts_org_stage_score_idx in order and stops after
 * the page (the stage-less index would walk every contact of a higher stage first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journey_view_counts (
      org_id integer not null,
      grain "char" not null,
      at timestamptz not null,
      source text not null,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      referrer_host text,
      views bigint not null,
      unique nulls not distinct (org_id, grain, at, source, utm_source, utm_medium, utm_campaign, referrer_host)
    );
    create table journey_visitor_last (
      visitor_id bigint not null references journey_visitor(id) on delete cascade,
      source text not null,
      org_id integer not null,
      last_at timestamptz not null,
      primary key (visitor_id, source)
    );
    create index journey_visitor_last_org_idx on journey_visitor_last (org_id, source, last_at);
    create table journey_visitor_counts (
      org_id integer not null,
      grain "char" not null,
      at timestamptz not null,
      source text not null,
      visitors bigint not null,
      primary key (org_id, grain, at, source)
    );
  `.execute(db);
  await sql`
    create index contacts_org_stage_score_idx on contacts (org_id, buyer_stage, engagement_score desc, id);
  `.execute(db);
  await sql.raw(FUNCTIONS).execute(db);
  await sql.raw(VISITOR_TRIGGERS).execute(db);
  // The views already stored, counted once; then the triggers keep the counts.
  await sql.raw(`${addViews('page_view', 1)}\n${addLastViews('page_view')}`).execute(db);
  await sql.raw(VIEW_TRIGGERS).execute(db);
  await sql`analyze journey_view_counts; analyze journey_visitor_last; analyze journey_visitor_counts`.execute(
    db,
  );
}

/** The start of the UTC bucket of `grain` ('d', 'h', 'q') an instant falls in. */
const bucket = (grain: string, at: string) =>
  `to_timestamp(floor(extract(epoch from ${at}) / (case ${grain} when 'd' then 86400 when 'h' then 3600 else 900 end))
    * (case ${grain} when 'd' then 86400 when 'h' then 3600 else 900 end))`;
const GRAINS = `(values ('d'::"char"), ('h'::"char"), ('q'::"char")) as g(grain)`;

/** Adds (sign 1) or takes away (-1) the views of some page view rows to their buckets. */
const addViews = (rows: string, sign: 1 | -1) => `
  insert into journey_view_counts as t (org_id, grain, at, source, utm_source, utm_medium, utm_campaign,
    referrer_host, views)
  select v.org_id, g.grain, ${bucket('g.grain', 'v.viewed_at')}, v.source, v.utm_source, v.utm_medium,
    v.utm_campaign, v.referrer_host, ${sign} * count(*)
  from ${rows} v cross join ${GRAINS}
  group by 1, 2, 3, 4, 5, 6, 7, 8
  order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (org_id, grain, at, source, utm_source, utm_medium, utm_campaign, referrer_host)
    do update set views = t.views + excluded.views;`;

/** Moves each visitor's last view of its source and of any source later, for some new page view rows. */
const addLastViews = (rows: string) => `
  insert into journey_visitor_last as t (visitor_id, source, org_id, last_at)
  select v.visitor_id, s.source, min(v.org_id), max(v.viewed_at)
  from ${rows} v cross join lateral (values (v.source), ('')) as s(source)
  group by 1, 2
  order by 1, 2
  on conflict (visitor_id, source) do update set last_at = excluded.last_at
    where t.last_at < excluded.last_at;`;

/** Moves the visitor counts of the buckets of some journey_visitor_last rows (sign 1 or -1). */
const countVisitors = (selects: string) => `
  insert into journey_visitor_counts as t (org_id, grain, at, source, visitors)
  select x.org_id, g.grain, ${bucket('g.grain', 'x.last_at')}, x.source, sum(x.n)
  from (${selects}) x cross join ${GRAINS}
  group by 1, 2, 3, 4 having sum(x.n) <> 0
  order by 1, 2, 3, 4
  on conflict (org_id, grain, at, source) do update set visitors = t.visitors + excluded.visitors;`;

const FUNCTIONS = `
create function journey_view_counts_inserted() returns trigger language plpgsql as $fn$
begin
  ${addViews('new_rows', 1)}
  ${addLastViews('new_rows')}
  return null;
end
$fn$;

-- A deleted view leaves its bucket; a visitor's last view is left as it was (views go with their visitor,
-- whose last views then go too, by the foreign key).
create function journey_view_counts_deleted() returns trigger language plpgsql as $fn$
begin
  ${addViews('old_rows', -1)}
  return null;
end
$fn$;

create function journey_visitor_counts_inserted() returns trigger language plpgsql as $fn$
begin
  ${countVisitors('select org_id, source, last_at, 1 as n from new_rows')}
  return null;
end
$fn$;

create function journey_visitor_counts_updated() returns trigger language plpgsql as $fn$
begin
  ${countVisitors(
    'select org_id, source, last_at, -1 as n from old_rows union all select org_id, source, last_at, 1 from new_rows',
  )}
  return null;
end
$fn$;

create function journey_visitor_counts_deleted() returns trigger language plpgsql as $fn$
begin
  ${countVisitors('select org_id, source, last_at, -1 as n from old_rows')}
  return null;
end
$fn$;
`;

const VISITOR_TRIGGERS = `
create trigger journey_visitor_last_inserted after insert on journey_visitor_last
  referencing new table as new_rows for each statement execute function journey_visitor_counts_inserted();
create trigger journey_visitor_last_updated after update on journey_visitor_last
  referencing old table as old_rows new table as new_rows
  for each statement execute function journey_visitor_counts_updated();
create trigger journey_visitor_last_deleted after delete on journey_visitor_last
  referencing old table as old_rows for each statement execute function journey_visitor_counts_deleted();
alter table journey_visitor_last enable always trigger journey_visitor_last_inserted;
alter table journey_visitor_last enable always trigger journey_visitor_last_updated;
alter table journey_visitor_last enable always trigger journey_visitor_last_deleted;
`;

const VIEW_TRIGGERS = `
create trigger page_view_counts_inserted after insert on page_view
  referencing new table as new_rows for each statement execute function journey_view_counts_inserted();
create trigger page_view_counts_deleted after delete on page_view
  referencing old table as old_rows for each statement execute function journey_view_counts_deleted();
alter table page_view enable always trigger page_view_counts_inserted;
alter table page_view enable always trigger page_view_counts_deleted;
`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists page_view_counts_inserted on page_view;
    drop trigger if exists page_view_counts_deleted on page_view;
    drop index if exists contacts_org_stage_score_idx;
    drop table if exists journey_visitor_counts, journey_visitor_last, journey_view_counts;
    drop function if exists journey_view_counts_inserted(), journey_view_counts_deleted(),
      journey_visitor_counts_inserted(), journey_visitor_counts_updated(), journey_visitor_counts_deleted();
  `.execute(db);
}
