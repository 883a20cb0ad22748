import { type Kysely, sql } from 'kysely';

/**
 * The buyer journey's website tracking:
 * - organisations.journey_tracking_id: the id the tracking snippet carries (22 characters of base64url, 122
 *   random bits; every organisation has one, new ones by the column's default), and
 *   organisations.journey_token_key: the secret the click-through tokens (wb_jt) are signed with;
 * - journey_domain: the organisation's declared website hostnames (CORS of the collection endpoint, and the
 *   destinations a click-through token is added to);
 * - journey_visitor: one browser (its id in the site's own storage) per organisation, the contact it was
 *   identified as, and the source of its current visit (what its pages inside the site inherit);
 * - page_view: one stored view, once per (organisation, visitor, client event id), so a replayed body is
 *   stored once; indexed by (org_id, viewed_at) for the sources report;
 * - journey_token_use: the click-through tokens already exchanged (a token works once), until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations
      add column journey_tracking_id text not null unique default translate(
        encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_'),
      add column journey_token_key text not null default
        replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');

    create table journey_domain (
      org_id integer not null references organisations(id) on delete cascade,
      domain text not null,
      primary key (org_id, domain)
    );
    create index journey_domain_domain_idx on journey_domain (domain);

    create table journey_visitor (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      visitor_key text not null,
      contact_id integer references contacts(id) on delete set null,
      source text not null default 'direct',
      utm_source text,
      utm_medium text,
      utm_campaign text,
      first_seen timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      unique (org_id, visitor_key)
    );
    create index journey_visitor_contact_idx on journey_visitor (contact_id) where contact_id is not null;

    create table page_view (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      visitor_id bigint not null references journey_visitor(id) on delete cascade,
      contact_id integer references contacts(id) on delete set null,
      url text not null,
      path text not null,
      title text not null default '',
      referrer text not null default '',
      referrer_host text,
      source text not null
        constraint page_view_source_check check (source in ('email', 'organic', 'social', 'referral', 'direct')),
      utm_source text,
      utm_medium text,
      utm_campaign text,
      viewed_at timestamptz not null,
      client_event_id text not null,
      unique (org_id, visitor_id, client_event_id)
    );
    create index page_view_org_time_idx on page_view (org_id, viewed_at) include (source, visitor_id);
    create index page_view_contact_idx on page_view (contact_id, viewed_at) where contact_id is not null;

    create table journey_token_use (
      nonce text primary key,
      org_id integer not null references organisations(id) on delete cascade,
      used_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists journey_token_use;
    drop table if exists page_view;
    drop table if exists journey_visitor;
    drop table if exists journey_domain;
    alter table organisations drop column if exists journey_token_key;
    alter table organisations drop column if exists journey_tracking_id;
  `.execute(db);
}
