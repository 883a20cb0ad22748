import { type Kysely, sql } from 'kysely';

/**
 * An organisation's default template (default_template/): the design a never-designed edition starts
 * from. Null: the product's 'Weekly digest'. A deleted template leaves the product default again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations
      add column default_template_id integer references email_templates(id) on delete set null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations drop column if exists default_template_id`.execute(db);
}
