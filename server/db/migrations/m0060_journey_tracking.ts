import { type Kysely, sql } from 'kysely';

/**
 * The buyer journey's website visits (docs/journey.md): a visitor of an organisation's website
 * (journey_visitor, identified as a contact once it comes through an email click) and its page views.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journey_visitor (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      visitor_key text not null,
      contact_id integer references contacts(id) on delete set null,
      first_seen timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      unique (org_id, visitor_key)
    );
    create table page_view (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      visitor_id bigint not null references journey_visitor(id) on delete cascade,
      contact_id integer references contacts(id) on delete set null,
      url text not null,
      path text not null,
      title text,
      referrer text,
      source text not null check (source in ('email', 'organic', 'social', 'referral', 'direct')),
      utm_source text,
      utm_medium text,
      utm_campaign text,
      viewed_at timestamptz not null default now(),
      client_event_id text not null,
      unique (org_id, visitor_id, client_event_id)
    );
    create index page_view_org_time_idx on page_view (org_id, viewed_at);
  `.execute(db);
}
