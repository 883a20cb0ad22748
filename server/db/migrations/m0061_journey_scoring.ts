import { type Kysely, sql } from 'kysely';

/**
 * Lead scoring of the buyer journey (docs/journey.md, server/services/journey):
 * - journey_criteria: an organisation's points per activity, decay half-life and stages (no row: the
 *   defaults of domain/journeyScoring.ts).
 * - journey_points: every point a contact was given, with what gave it (the explanation of a score): one
 *   row per activity and kind, so a source scored twice (a retried batch, the bulk recompute meeting the
 *   catch-up) is stored once.
 * - contacts.score_raw and score_at: the exact decayed sum as of score_at (engagement_score is it rounded,
 *   buyer_stage its stage). Scores start again from the recorded activity: the catch-up (journey_progress
 *   from 0) scores the whole history once.
 * - journey_pending_view: page views that became a contact's after they were stored (a visitor
 *   identified later), scored by the next catch-up. Page views and form submissions wake the catch-up
 *   with a notification at their commit (once per statement), as email events do.
 * - journey_recompute: the bulk recomputes after a criteria change (their progress).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journey_criteria (
      org_id integer primary key references organisations(id) on delete cascade,
      email_open integer not null,
      email_click integer not null,
      form_submission integer not null,
      page_view integer not null,
      unsubscribe integer not null check (unsubscribe <= 0),
      page_patterns jsonb not null,
      half_life_days integer not null check (half_life_days > 0),
      stages jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table journey_points (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      kind text not null check (kind in
        ('email_open', 'email_click', 'form_submission', 'page_view', 'page_pattern', 'unsubscribe')),
      source_id bigint not null,
      points integer not null,
      at timestamptz not null,
      label text
    );
    create unique index journey_points_source_key on journey_points (org_id, kind, source_id);
    create index journey_points_contact_idx on journey_points (contact_id, at desc, id desc);

    alter table contacts
      add column score_raw double precision not null default 0,
      add column score_at timestamptz;
    update contacts set engagement_score = 0 where engagement_score <> 0;
    create index contacts_org_score_idx on contacts (org_id, engagement_score desc, id);

    create table journey_progress (
      id smallint primary key default 1 check (id = 1),
      last_event_id bigint not null default 0,
      last_page_view_id bigint not null default 0,
      last_form_submission_id bigint not null default 0,
      updated_at timestamptz not null default now()
    );
    insert into journey_progress (id) values (1);

    create table journey_pending_view (page_view_id bigint primary key);

    create table journey_recompute (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      done integer not null default 0,
      total integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index journey_recompute_org_idx on journey_recompute (org_id, id desc);

    create index if not exists page_view_contact_idx on page_view (contact_id, viewed_at) where contact_id is not null;
    create index form_submissions_contact_idx on form_submissions (contact_id) where contact_id is not null;

    -- 'workbench_work' is server/lib/workSignals.ts's channel; 'journey' wakes the scoring catch-up.
    create function journey_wake() returns trigger language plpgsql as $$
    begin
      perform pg_notify('workbench_work', 'journey');
      return null;
    end $$;
    create trigger page_view_journey_wake after insert on page_view
      for each statement execute function journey_wake();
    create trigger form_submissions_journey_wake after insert on form_submissions
      for each statement execute function journey_wake();

    create function journey_view_identified() returns trigger language plpgsql as $$
    begin
      insert into journey_pending_view (page_view_id) values (new.id) on conflict do nothing;
      perform pg_notify('workbench_work', 'journey');
      return null;
    end $$;
    create trigger page_view_journey_identified after update of contact_id on page_view
      for each row when (old.contact_id is null and new.contact_id is not null)
      execute function journey_view_identified();
  `.execute(db);
}
