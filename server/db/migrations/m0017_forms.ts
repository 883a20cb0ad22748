import { type Kysely, sql } from 'kysely';

/**
 * Forms ("Form"): a form of an organisation, hosted at /f/{public_id} (an unguessable id), that
 * creates or updates a contact, adds it to the form's list and, when the form asks for it, records the
 * recipient's opt-in in the consent ledger (a new source, "form"). Each submission is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table forms (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      public_id text not null unique,
      name text not null,
      campaign_id integer references campaigns(id) on delete set null,
      list_id integer references contact_lists(id) on delete set null,
      fields jsonb not null,
      created_by integer references users(id) on delete set null,
      updated_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index forms_org_name_key on forms (org_id, lower(name));
    create table form_submissions (
      id serial primary key,
      form_id integer not null references forms(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      contact_id integer references contacts(id) on delete set null,
      answers jsonb not null,
      consent boolean not null default false,
      origin text,
      origin_domain text,
      ip text,
      user_agent text,
      created_at timestamptz not null default now()
    );
    create index form_submissions_form_idx on form_submissions (form_id, created_at desc, id desc);
    alter table consent_ledger drop constraint if exists consent_ledger_source_check;
    alter table consent_ledger add constraint consent_ledger_source_check
      check (source in ('page', 'unsubscribe', 'resubscribe', 'one_click', 'api', 'form'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists form_submissions;
    drop table if exists forms;
  `.execute(db);
}
