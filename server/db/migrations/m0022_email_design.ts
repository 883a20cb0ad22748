import { type Kysely, sql } from 'kysely';

/**
 * Design and publishing ("Design", "Publish data"):
 * - an edition (email_versions) keeps its saved design document (domain/emailDesign.ts), the HTML that
 *   design renders to (merge fields and the preference link left as placeholders for each recipient), its
 *   plain-text version (text_preview_edited: the user's own edit, kept until they reset it), its sender
 *   (one of the organisation's verified addresses, with a display name) and, once published, the
 *   unguessable id of its public web version and RSS feed (web_id);
 * - email_templates: designs to start from. org_id null: the product's own templates (featured), offered
 *   to every organisation; otherwise an organisation's, "shared" with everyone in it or the author's own;
 * - brand_themes: an organisation's fonts, colours and logo, copied into every new design;
 * - organisations.postal_address: the sender's postal address every marketing email's footer carries;
 * - verified_addresses gain a sender name and one default per organisation (the publish step's
 *   sender_emails with isDefault);
 * - uploaded_images: images users upload for designs, checked by content; the file is DATA_DIR/uploads/<id>.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table email_versions
      add column design jsonb,
      add column design_saved_at timestamptz,
      add column html text,
      add column text_preview text,
      add column text_preview_edited boolean not null default false,
      add column web_id text,
      add column sender_address_id integer references verified_addresses(id) on delete set null,
      add column sender_name text;
    create unique index email_versions_web_id_key on email_versions (web_id) where web_id is not null;

    alter table organisations add column postal_address text not null default '';

    alter table verified_addresses
      add column sender_name text not null default '',
      add column is_default boolean not null default false;
    create unique index verified_addresses_one_default on verified_addresses (org_id) where is_default;

    create table email_templates (
      id serial primary key,
      org_id integer references organisations(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      name text not null,
      description text not null default '',
      design jsonb not null,
      featured boolean not null default false,
      shared boolean not null default false,
      thumbnail text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index email_templates_org_idx on email_templates (org_id, updated_at desc, id desc);

    create table brand_themes (
      org_id integer primary key references organisations(id) on delete cascade,
      theme jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table uploaded_images (
      id text primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
      byte_size integer not null,
      width integer,
      height integer,
      sha256 text not null,
      created_at timestamptz not null default now()
    );
    create index uploaded_images_org_idx on uploaded_images (org_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists uploaded_images, brand_themes, email_templates;
    drop index if exists verified_addresses_one_default;
    alter table verified_addresses drop column if exists is_default, drop column if exists sender_name;
    alter table organisations drop column if exists postal_address;
    drop index if exists email_versions_web_id_key;
    alter table email_versions
      drop column if exists sender_name, drop column if exists sender_address_id, drop column if exists web_id,
      drop column if exists text_preview_edited, drop column if exists text_preview, drop column if exists html,
      drop column if exists design_saved_at, drop column if exists design;
  `.execute(db);
}
