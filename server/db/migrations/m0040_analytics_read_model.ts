import { type Kysely, sql } from 'kysely';

/**
 * Analytics (docs/analytics.md). email_event stays the one, append-only truth; this adds what reports need
 * to it and the read model kept from it:
 * - email_event.version_id (the edition sent), account_id (the contact's account when the event happened),
 *   article_id (the curated article a clicked link is): facts recorded with each event from now on, filled
 *   here for the events already stored. No foreign keys: like send_id they stay what they were when the
 *   edition, account or article goes, and the tracking insert checks nothing more.
 * - organisations.time_zone: analytics days are the organisation's days (a report link shows the same
 *   numbers to every colleague); campaigns.share_type: the fixed pseudo campaigns of share profiles (1),
 *   daily IQ (2) and weekly account insights (3) that analytics restricts to when one of them is asked for.
 * - the rollups, kept by the catch-up worker (server/services/analytics/RollupJobs.ts) and rebuilt from
 *   the events by `npm run analytics:rebuild`: totals per organisation day and edition
 *   (analytics_day_totals), the delivery state and first open and click of each contact and email
 *   (analytics_contact_email), the clicks of each article by each contact (analytics_article_contact),
 *   and how far the worker has read (analytics_progress). A deleted email or contact takes its rows with
 *   it (foreign keys); a deleted campaign or workflow is forgotten by the rollups as it is by the events
 *   (their ids become null there, so the triggers below merge the rows into those without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations add column time_zone text not null default 'UTC';
    alter table campaigns add column share_type smallint check (share_type in (1, 2, 3));
    create unique index campaigns_share_type_idx on campaigns (org_id, share_type) where share_type is not null;

    alter table email_event
      add column version_id integer,
      add column account_id integer,
      add column article_id integer;
    -- The send's events by kind and time: how the rollups find an open or click repeated in the same second.
    create index email_event_send_time_idx on email_event (send_id, kind, occurred_at) where send_id is not null;
    drop index if exists email_event_send_idx;
    update email_event e set version_id = s.version_id
      from email_send s where s.id = e.send_id and s.version_id is not null;
    update email_event e set account_id = c.account_id
      from contacts c where c.id = e.contact_id and c.account_id is not null;
    update email_event e set article_id = x.article_id from (
      select distinct on (ev.id) ev.id, ea.article_id
      from email_event ev
      join edition_articles ea on ea.version_id = ev.version_id
      join articles a on a.id = ea.article_id and (a.link = ev.link or a.canonical_link = ev.link)
      where ev.kind = 'clicked'
      order by ev.id, ea.position
    ) x where x.id = e.id;

    create table analytics_day_totals (
      org_id integer not null,
      day date not null,
      email_id integer not null references emails(id) on delete cascade,
      version_id integer,
      campaign_id integer,
      workflow_id integer,
      is_test boolean not null,
      sent integer not null default 0,
      delivered integer not null default 0,
      opened integer not null default 0,
      clicked integer not null default 0,
      bounced integer not null default 0,
      unsubscribed integer not null default 0,
      unique_opens integer not null default 0,
      unique_clicks integer not null default 0
    );
    create unique index analytics_day_totals_key on analytics_day_totals
      (email_id, day, version_id, campaign_id, workflow_id, is_test) nulls not distinct;
    create index analytics_day_totals_org_day_idx on analytics_day_totals (org_id, day);
    create index analytics_day_totals_campaign_idx on analytics_day_totals (campaign_id, day)
      where campaign_id is not null;
    create index analytics_day_totals_workflow_idx on analytics_day_totals (workflow_id, day)
      where workflow_id is not null;

    create table analytics_contact_email (
      org_id integer not null,
      contact_id integer not null references contacts(id) on delete cascade,
      email_id integer not null references emails(id) on delete cascade,
      is_test boolean not null,
      account_id integer,
      campaign_id integer,
      version_id integer,
      workflow_id integer,
      last_event_id bigint not null,
      last_event_at timestamptz not null,
      sent integer not null default 0,
      delivered integer not null default 0,
      opened integer not null default 0,
      clicked integer not null default 0,
      bounced integer not null default 0,
      unsubscribed integer not null default 0,
      first_sent_at timestamptz,
      last_sent_at timestamptz,
      delivered_at timestamptz,
      bounced_at timestamptz,
      unsubscribed_at timestamptz,
      first_open_at timestamptz,
      first_open_event_id bigint,
      first_click_at timestamptz,
      first_click_event_id bigint,
      primary key (contact_id, email_id, is_test)
    );
    create index analytics_contact_email_email_idx on analytics_contact_email (email_id, last_event_at desc);
    create index analytics_contact_email_org_idx on analytics_contact_email (org_id, last_event_at desc);

    create table analytics_article_contact (
      org_id integer not null,
      article_id integer not null,
      contact_id integer not null references contacts(id) on delete cascade,
      is_test boolean not null,
      account_id integer,
      clicks integer not null default 0,
      first_click_at timestamptz not null,
      last_click_at timestamptz not null,
      last_event_id bigint not null,
      primary key (article_id, contact_id, is_test)
    );
    create index analytics_article_contact_org_idx on analytics_article_contact (org_id, article_id);
    create index analytics_article_contact_contact_idx on analytics_article_contact (contact_id);

    create table analytics_progress (
      id smallint primary key default 1 check (id = 1),
      last_event_id bigint not null default 0,
      updated_at timestamptz not null default now()
    );
    insert into analytics_progress (id, last_event_id) values (1, 0);
  `.execute(db);

  // A deleted campaign or workflow becomes null in the events (their foreign keys), so the rollups merge its
  // rows into those without one, in the same statement (ENABLE ALWAYS: also under set-wise deletes).
  for (const column of ['campaign_id', 'workflow_id'] as const) {
    const table = column === 'campaign_id' ? 'campaigns' : 'workflow';
    await sql
      .raw(`
      create function analytics_forget_${column}() returns trigger language plpgsql as $fn$
      begin
        with gone as (
          delete from analytics_day_totals d using old_rows o where d.${column} = o.id returning d.*
        )
        insert into analytics_day_totals as t (org_id, day, email_id, version_id, campaign_id, workflow_id,
          is_test, sent, delivered, opened, clicked, bounced, unsubscribed, unique_opens, unique_clicks)
        select org_id, day, email_id, version_id,
          ${column === 'campaign_id' ? 'null' : 'campaign_id'}, ${column === 'workflow_id' ? 'null' : 'workflow_id'},
          is_test, sum(sent), sum(delivered), sum(opened), sum(clicked), sum(bounced), sum(unsubscribed),
          sum(unique_opens), sum(unique_clicks)
        from gone
        -- emails of the deleted campaign go with it (their rows by their own foreign key)
        where exists (select 1 from emails e where e.id = gone.email_id)
        group by org_id, day, email_id, version_id, campaign_id, workflow_id, is_test
        on conflict (email_id, day, version_id, campaign_id, workflow_id, is_test) do update set
          sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
          opened = t.opened + excluded.opened, clicked = t.clicked + excluded.clicked,
          bounced = t.bounced + excluded.bounced, unsubscribed = t.unsubscribed + excluded.unsubscribed,
          unique_opens = t.unique_opens + excluded.unique_opens,
          unique_clicks = t.unique_clicks + excluded.unique_clicks;
        update analytics_contact_email set ${column} = null where ${column} in (select id from old_rows);
        return null;
      end
      $fn$;
      create trigger ${table}_analytics_forget after delete on ${table}
        referencing old table as old_rows for each statement execute function analytics_forget_${column}();
      alter table ${table} enable always trigger ${table}_analytics_forget;
    `)
      .execute(db);
  }
  await forgetFirstTouches(db);
}

/**
 * A contact and email row that goes (its contact or email deleted) takes its first open and click out of
 * the day totals' unique counts, as a rebuild would no longer find them (the events keep no contact).
 */
async function forgetFirstTouches(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create function analytics_contact_email_forget() returns trigger language plpgsql as $fn$
    begin
      update analytics_day_totals t set unique_opens = t.unique_opens - x.opens,
        unique_clicks = t.unique_clicks - x.clicks
      from (
        select (e.occurred_at at time zone o.time_zone)::date as day, g.email_id, e.version_id, e.campaign_id,
          e.workflow_id, g.is_test, count(*) filter (where g.touch = 'open') as opens,
          count(*) filter (where g.touch = 'click') as clicks
        from (
          select email_id, is_test, first_open_event_id as event_id, 'open' as touch from old_rows
          where first_open_event_id is not null
          union all
          select email_id, is_test, first_click_event_id, 'click' from old_rows where first_click_event_id is not null
        ) g
        join email_event e on e.id = g.event_id
        join organisations o on o.id = e.org_id
        group by 1, 2, 3, 4, 5, 6
      ) x
      where t.email_id = x.email_id and t.day = x.day and t.is_test = x.is_test
        and t.version_id is not distinct from x.version_id and t.campaign_id is not distinct from x.campaign_id
        and t.workflow_id is not distinct from x.workflow_id;
      return null;
    end
    $fn$;
    create trigger analytics_contact_email_forget after delete on analytics_contact_email
      referencing old table as old_rows for each statement execute function analytics_contact_email_forget();
    alter table analytics_contact_email enable always trigger analytics_contact_email_forget;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists analytics_contact_email_forget on analytics_contact_email;
    drop function if exists analytics_contact_email_forget();
    drop trigger if exists campaigns_analytics_forget on campaigns;
    drop trigger if exists workflow_analytics_forget on workflow;
    drop function if exists analytics_forget_campaign_id();
    drop function if exists analytics_forget_workflow_id();
    drop table if exists analytics_progress, analytics_article_contact, analytics_contact_email,
      analytics_day_totals;
    alter table email_event drop column if exists article_id, drop column if exists account_id,
      drop column if exists version_id;
    create index if not exists email_event_send_idx on email_event (send_id, kind) where send_id is not null;
    drop index if exists email_event_send_time_idx;
    drop index if exists campaigns_share_type_idx;
    alter table campaigns drop column if exists share_type;
    alter table organisations drop column if exists time_zone;
  `.execute(db);
}
