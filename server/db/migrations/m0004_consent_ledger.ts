import { type Kysely, sql } from 'kysely';

/**
 * The consent ledger: one entry per change of a recipient's preferences (source, IP, user agent, the
 * values before and after), appended in the transaction of the change. Entries are never changed or
 * removed: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table consent_ledger (
      id bigserial primary key,
      preference_uuid uuid not null references preferences(uuid),
      org_id integer not null references organisations(id),
      source text not null check (source in ('page', 'unsubscribe', 'resubscribe', 'one_click', 'api')),
      ip text,
      user_agent text,
      before jsonb not null,
      after jsonb not null,
      created_at timestamptz not null default now()
    );
    create index consent_ledger_preference_idx on consent_ledger (preference_uuid, id);

    create function consent_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'consent_ledger is append-only: entries cannot be changed or removed'
        using errcode = 'restrict_violation';
    end;
    $$;
    create trigger consent_ledger_no_change
      before update or delete on consent_ledger
      for each row execute function consent_ledger_append_only();
    create trigger consent_ledger_no_truncate
      before truncate on consent_ledger
      for each statement execute function consent_ledger_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists consent_ledger;
    drop function if exists consent_ledger_append_only();
  `.execute(db);
}
