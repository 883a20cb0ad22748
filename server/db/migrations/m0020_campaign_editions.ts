import { type Kysely, sql } from 'kysely';

/**
 * Campaigns, emails and editions ("Campaign", "Asset / edition", "Draft edition", "Edition data").
 * One email entity for the whole product: `emails` (the asset: ad hoc / custom, digest / hybrid, AI) is what
 * workflows trigger on and send and what campaigns hold. An email has editions (versions, `email_versions`;
 * the spec's version_id / edition_id): drafts, sent, scheduled and test editions, each with its own name,
 * subject and curated articles (`edition_articles`, ordered by position, one row per article: curating the
 * same article twice is "already curated"). Every email has a first edition, its draft (existing emails:
 * named like the email; new ones: 'Draft Edition', made by a trigger whichever code inserts the email). A
 * send records the edition it sent (`email_send.version_id`), which gives the
 * "previously sent" articles and the clicks per article of "most engaged".
 *
 * Campaigns keep their place in the list like audience lists (`position`, highest first: a new or changed
 * campaign takes the top, a clone goes right after its original), and hold what create_campaign/ takes:
 * keywords, the advanced search (include and exclude sources and keywords) and its audience (lists and
 * contacts). Article favourites are per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table campaigns
      add column position integer not null default 0,
      add column keywords text[] not null default '{}',
      add column advanced_search jsonb not null default '{}';
    update campaigns c set position = n.position from (
      select id, row_number() over (partition by org_id order by updated_at, id) as position from campaigns
    ) n where n.id = c.id;
    create index campaigns_org_position_idx on campaigns (org_id, position desc, id desc);
    create index emails_campaign_idx on emails (campaign_id) where campaign_id is not null;
    create index emails_org_updated_idx on emails (org_id, updated_at desc, id desc);

    create table campaign_lists (
      campaign_id integer not null references campaigns(id) on delete cascade,
      list_id integer not null references contact_lists(id) on delete cascade,
      primary key (campaign_id, list_id)
    );
    create index campaign_lists_list_idx on campaign_lists (list_id);
    create table campaign_contacts (
      campaign_id integer not null references campaigns(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      primary key (campaign_id, contact_id)
    );
    create index campaign_contacts_contact_idx on campaign_contacts (contact_id);

    create table email_versions (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      email_id integer not null references emails(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      name text not null default 'Draft Edition',
      subject text not null default '',
      status text not null default 'draft' check (status in ('draft', 'sent', 'scheduled', 'test')),
      is_active boolean not null default true,
      thumbnail text,
      sent_at timestamptz,
      scheduled_for timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index email_versions_email_idx on email_versions (email_id, status, updated_at desc, id desc);
    create index email_versions_org_status_idx on email_versions (org_id, status, updated_at desc, id desc);

    insert into email_versions (org_id, email_id, user_id, name, subject, thumbnail, created_at, updated_at)
      select org_id, id, user_id, name, subject, thumbnail, created_at, updated_at from emails order by id;

    -- Every email starts with one edition, its draft, whichever code inserts it (seeds, workflows, campaigns).
    create function emails_first_edition() returns trigger language plpgsql as $$
    begin
      insert into email_versions (org_id, email_id, user_id, name, subject, thumbnail, created_at, updated_at)
        select org_id, id, user_id, 'Draft Edition', subject, thumbnail, created_at, created_at
        from new_emails order by id;
      return null;
    end $$;
    create trigger emails_first_edition after insert on emails
      referencing new table as new_emails for each statement execute function emails_first_edition();
    alter table emails enable always trigger emails_first_edition;

    create table edition_articles (
      version_id integer not null references email_versions(id) on delete cascade,
      article_id integer not null references articles(id) on delete cascade,
      position integer not null,
      added_by integer references users(id) on delete set null,
      added_at timestamptz not null default now(),
      primary key (version_id, article_id)
    );
    create index edition_articles_article_idx on edition_articles (article_id);
    create index edition_articles_order_idx on edition_articles (version_id, position);

    create table article_favourites (
      user_id integer not null references users(id) on delete cascade,
      article_id integer not null references articles(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, article_id)
    );
    create index article_favourites_recent_idx on article_favourites (user_id, created_at desc, article_id desc);
    create index article_favourites_article_idx on article_favourites (article_id);

    alter table email_send add column version_id integer references email_versions(id) on delete set null;
    create index email_send_version_idx on email_send (version_id) where version_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table email_send drop column if exists version_id;
    drop trigger if exists emails_first_edition on emails;
    drop function if exists emails_first_edition();
    drop table if exists article_favourites, edition_articles, email_versions, campaign_contacts, campaign_lists;
    drop index if exists emails_org_updated_idx;
    drop index if exists emails_campaign_idx;
    drop index if exists campaigns_org_position_idx;
    alter table campaigns drop column if exists advanced_search, drop column if exists keywords,
      drop column if exists position;
  `.execute(db);
}
