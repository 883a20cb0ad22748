import { type Kysely, sql } from 'kysely';
import { productTemplates } from '../../services/publish/productTemplates.ts';

/**
 * The product's own email templates (org_id null, featured: 'Weekly digest', 'Announcement', 'Newsletter
 * with columns'), in every database: fresh ones, the demo and the test databases. A template of that
 * name that exists already is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const template of productTemplates()) {
    await sql`
      insert into email_templates (org_id, user_id, name, description, design, featured, shared)
      select null, null, ${template.name}, ${template.description}, ${JSON.stringify(template.design)}::jsonb, true, true
      where not exists (select 1 from email_templates where org_id is null and name = ${template.name})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const names = productTemplates().map((template) => template.name);
  await sql`delete from email_templates where org_id is null and name in (${sql.join(names)})`.execute(db);
}
