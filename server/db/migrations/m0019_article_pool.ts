import { type Kysely, sql } from 'kysely';

/**
 * The article pool ("Article", "Source filter entry"): feeds (RSS, Atom, JSON Feed) that a job
 * fetches on a schedule, and the articles read from them. A source with org_id null belongs to the global
 * pool (the default source every organisation reads); an organisation's own sources fill its own pool.
 * An article belongs to its source's pool and is stored once per pool by canonical link. Full-text search
 * is a stored tsvector column (title A, description B, text C) with a GIN index; TF-IDF counts of terms
 * per pool (article_term_counts) give each article its concepts. See docs/content.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table article_sources (
      id serial primary key,
      org_id integer references organisations(id) on delete cascade,
      name text not null,
      feed_url text not null,
      kind text check (kind in ('rss', 'atom', 'json')),
      fetch_enabled boolean not null default true,
      etag text,
      last_modified text,
      last_fetched_at timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      unique nulls not distinct (org_id, feed_url)
    );
    create index article_sources_due_idx on article_sources (last_fetched_at nulls first) where fetch_enabled;

    create table articles (
      id serial primary key,
      org_id integer references organisations(id) on delete cascade,
      source_id integer references article_sources(id) on delete set null,
      title text not null,
      description text not null default '',
      content_text text,
      link text not null,
      canonical_link text not null,
      website text not null,
      image_url text,
      published_at timestamptz not null,
      entities text[] not null default '{}',
      entity_keys text[] not null default '{}',
      concepts jsonb not null default '[]',
      created_at timestamptz not null default now(),
      search tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', description), 'B') ||
        setweight(to_tsvector('english', left(coalesce(content_text, ''), 20000)), 'C')
      ) stored,
      unique nulls not distinct (org_id, canonical_link)
    );
    create index articles_pool_published_idx on articles (org_id, published_at desc, id desc);
    create index articles_published_idx on articles (published_at desc, id desc);
    create index articles_source_published_idx on articles (source_id, published_at desc, id desc);
    create index articles_search_idx on articles using gin (search);
    create index articles_entity_keys_idx on articles using gin (entity_keys);

    create table article_term_counts (
      pool integer not null,
      term text not null,
      doc_count integer not null,
      primary key (pool, term)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists article_term_counts;
    drop table if exists articles;
    drop table if exists article_sources;
  `.execute(db);
}
