import { type Kysely, sql } from 'kysely';

/**
 * The promo export widget of a campaign (old_export_widget/): an embeddable snippet on
 * the public origin (/widget/{widget_id}) showing the campaign's latest sent edition and its promotion
 * codes. One row per campaign, made when the widget is first asked for; widget_id is 128 random bits
 * (base64url), unguessable like the web version's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table campaign_export_widgets (
      campaign_id integer primary key references campaigns(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      widget_id text not null unique,
      promotion_codes text[] not null default '{}',
      updated_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists campaign_export_widgets;`.execute(db);
}
