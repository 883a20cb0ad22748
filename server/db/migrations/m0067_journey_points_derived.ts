import { type Kysely, sql } from 'kysely';

/**
 * A criteria change rescores without rewriting any point (docs/journey.md, "Points follow the criteria"):
 * - journey_points keeps which activity a contact did and when (one row per scored activity, whatever
 *   its weight, so a weight raised from 0 counts it), no longer the points it gave: those follow from the
 *   organisation's criteria when read (server/services/journey/scoringSql.ts). A page view's row carries
 *   its path as label, matched against the page patterns when read; the page_pattern rows go. Before,
 *   a change of weights deleted and wrote again every point of the organisation (7.6 million rows at a
 *   million contacts: minutes).
 * - contact_scores holds each scored contact's exact decayed sum as of a moment (contacts.score_raw and
 *   score_at before): a rescore writes these narrow rows, and a contact's row (twelve indexes) only when
 *   its shown score or stage moves.
 * Activity that arrived while its weight was 0 had no row: it is added here for the organisations whose
 * criteria have a zero weight (its first-of-its-kind rule as lib/eventIdentity.ts had it at this
 * migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_scores (
      contact_id integer primary key references contacts(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      score_raw double precision not null,
      score_at timestamptz not null
    );
    create index contact_scores_org_idx on contact_scores (org_id, contact_id);
    insert into contact_scores (contact_id, org_id, score_raw, score_at)
      select id, org_id, score_raw, score_at from contacts where score_at is not null and score_raw <> 0;
    alter table contacts drop column score_raw, drop column score_at;

    delete from journey_points where kind = 'page_pattern';
    update journey_points p set label = v.path from page_view v where p.kind = 'page_view' and v.id = p.source_id;
    alter table journey_points drop column points;
    alter table journey_points drop constraint journey_points_kind_check;
    alter table journey_points add constraint journey_points_kind_check check (kind in
      ('email_open', 'email_click', 'form_submission', 'page_view', 'unsubscribe'));

    insert into journey_points (org_id, contact_id, kind, source_id, at, label)
    select e.org_id, e.contact_id,
      case e.kind when 'opened' then 'email_open' when 'clicked' then 'email_click' else 'unsubscribe' end,
      e.id, e.occurred_at, null
    from (
      select ev.*, row_number() over (partition by
          ev.kind, ev.send_id,
          case when ev.send_id is null and (ev.contact_id is null or ev.email_id is null) then ev.id end,
          case when ev.send_id is null then ev.contact_id end,
          case when ev.send_id is null then ev.email_id end,
          case when ev.send_id is null then ev.version_id end,
          case when ev.send_id is null then ev.occurred_at end,
          case when ev.send_id is null or ev.kind in ('opened', 'clicked') then ev.link end,
          case when ev.send_id is null or ev.kind in ('opened', 'clicked') then ev.link is null end,
          case when ev.send_id is not null and ev.kind in ('opened', 'clicked')
            then floor(extract(epoch from ev.occurred_at)) end
        order by ev.id) as n
      from email_event ev
      where ev.kind in ('opened', 'clicked', 'unsubscribed') and not ev.is_test
        and ev.org_id in (select org_id from journey_criteria
          where email_open = 0 or email_click = 0 or unsubscribe = 0)) e
      join contacts ct on ct.id = e.contact_id and ct.org_id = e.org_id
    where e.n = 1
    on conflict (org_id, kind, source_id) do nothing;

    insert into journey_points (org_id, contact_id, kind, source_id, at, label)
    select f.org_id, f.contact_id, 'form_submission', f.id, f.created_at, null
    from form_submissions f join contacts ct on ct.id = f.contact_id and ct.org_id = f.org_id
    where f.org_id in (select org_id from journey_criteria where form_submission = 0)
    on conflict (org_id, kind, source_id) do nothing;

    insert into journey_points (org_id, contact_id, kind, source_id, at, label)
    select v.org_id, v.contact_id, 'page_view', v.id, v.viewed_at, v.path
    from page_view v join contacts ct on ct.id = v.contact_id and ct.org_id = v.org_id
    where v.org_id in (select org_id from journey_criteria where page_view = 0)
    on conflict (org_id, kind, source_id) do nothing;
  `.execute(db);
}

/** Back to m0061's shapes (tests of this migration): the points are 0 until a recompute writes them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contacts add column score_raw double precision not null default 0, add column score_at timestamptz;
    update contacts ct set score_raw = cs.score_raw, score_at = cs.score_at from contact_scores cs
      where cs.contact_id = ct.id;
    drop table contact_scores;
    alter table journey_points add column points integer not null default 0;
    update journey_points set label = null where kind = 'page_view';
    alter table journey_points drop constraint journey_points_kind_check;
    alter table journey_points add constraint journey_points_kind_check check (kind in
      ('email_open', 'email_click', 'form_submission', 'page_view', 'page_pattern', 'unsubscribe'));
  `.execute(db);
}
