import { type Kysely, sql } from 'kysely';

/**
 * People listing at a million contacts without reading every row:
 * - audience_facets: per organisation, people tab (all, profiled, unprofiled), filter category and value,
 *   how many contacts have it. Kept exact by triggers: statement-level on contacts (one grouped upsert per
 *   statement from its transition tables, so an import batch of 1,000 rows costs one small query, not
 *   1,000), row-level on accounts (a renamed account, or one whose revenue changes, moves its contacts'
 *   counts; a deleted one takes them away). The tab totals are the sums of the 'status' category (every
 *   contact has a status); the filter counts of an unsearched, unfiltered tab are its 50 largest values,
 *   read from the (org_id, category, tab, n) index. 'account' (value: the account id) is the contacts per
 *   account that the account triggers move.
 * - partial name indexes per tab, so the first page of Profiled or Unprofiled sorted by name (with or
 *   without a search or filters) reads the index in order and stops after the page, instead of skipping
 *   the other tab's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audience_facets (
      org_id integer not null,
      category text not null,
      value text not null,
      tab text not null,
      n bigint not null,
      primary key (org_id, category, value, tab)
    );
    create index audience_facets_top_idx on audience_facets (org_id, category, tab, n desc, value);
  `.execute(db);
  // A trigger may name only the transition tables of its event: one function per event.
  const columns = 'org_id, personality_type, status, designation, buyer_stage, industry, account_id';
  for (const [event, rows] of [
    ['insert', `select ${columns}, 1 as delta from new_rows`],
    ['delete', `select ${columns}, -1 as delta from old_rows`],
    [
      'update',
      `select ${columns}, -1 as delta from old_rows union all select ${columns}, 1 as delta from new_rows`,
    ],
  ] as const) {
    const referencing =
      event === 'insert'
        ? 'new table as new_rows'
        : event === 'delete'
          ? 'old table as old_rows'
          : 'old table as old_rows new table as new_rows';
    await sql
      .raw(`
      create function audience_facets_${event}() returns trigger language plpgsql as $fn$
      begin
        ${contactFacetUpsert(rows)}
        return null;
      end
      $fn$;
      create trigger contacts_facets_${event} after ${event} on contacts
        referencing ${referencing}
        for each statement execute function audience_facets_${event}();
    `)
      .execute(db);
  }
  await sql
    .raw(`
    create function audience_facets_account_moved() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'UPDATE' and old.name is not distinct from new.name
        and old.revenue is not distinct from new.revenue then
        return null;
      end if;
      insert into audience_facets as f (org_id, category, value, tab, n)
      select old.org_id, m.category, m.value, a.tab, sum(m.sign * a.n)
      from audience_facets a
      cross join lateral (values
        ('organizations', old.name, -1), ('revenue', old.revenue, -1),
        ('organizations', case when tg_op = 'UPDATE' then new.name end, 1),
        ('revenue', case when tg_op = 'UPDATE' then new.revenue end, 1)
      ) as m (category, value, sign)
      where a.org_id = old.org_id and a.category = 'account' and a.value = old.id::text and a.n <> 0
        and m.value is not null
      group by m.category, m.value, a.tab
      having sum(m.sign * a.n) <> 0
      order by 1, 2, 3, 4
      on conflict (org_id, category, value, tab) do update set n = f.n + excluded.n;
      if tg_op = 'DELETE' then
        delete from audience_facets where org_id = old.org_id and category = 'account' and value = old.id::text;
        return old;
      end if;
      return null;
    end
    $fn$;
    create trigger accounts_facets_update after update of name, revenue on accounts
      for each row execute function audience_facets_account_moved();
    create trigger accounts_facets_delete before delete on accounts
      for each row execute function audience_facets_account_moved();
  `)
    .execute(db);
  // The counts run even when a bulk delete skips the per-row foreign-key triggers
  // (session_replication_role = replica, server/services/audience/deleteContacts.ts).
  await sql`
    alter table contacts enable always trigger contacts_facets_insert;
    alter table contacts enable always trigger contacts_facets_update;
    alter table contacts enable always trigger contacts_facets_delete;
  `.execute(db);
  // The counts of the contacts already there.
  await sql.raw(contactFacetUpsert(`select ${columns}, 1 as delta from contacts`)).execute(db);
  await sql`
    analyze audience_facets;
    create index contacts_org_profiled_name_idx on contacts (org_id, full_name_lower, id)
      where personality_type is not null;
    create index contacts_org_unprofiled_name_idx on contacts (org_id, full_name_lower, id)
      where personality_type is null;
  `.execute(db);
}

/** The counted categories: each filter category's value (organisations and revenues through the account). */
const FACET_VALUES: [category: string, value: string][] = [
  ['status', 'status'],
  ['designations', 'designation'],
  ['personalityType', 'personality_type'],
  ['buyerStage', 'buyer_stage'],
  ['industry', 'industry'],
  ['organizations', 'account_name'],
  ['revenue', 'account_revenue'],
  ['account', 'account_key'],
];

/**
 * One upsert of the facet deltas of contact rows (the given columns and a delta of 1 or -1): the rows,
 * with their accounts, are grouped per category and own tab (one small hash aggregate each, far
 * cheaper than expanding every row into 16), then 'all' is summed from those groups.
 */
function contactFacetUpsert(rows: string): string {
  const perCategory = FACET_VALUES.map(
    ([category, column]) =>
      `select org_id, '${category}' as category, ${column} as value, profiled, sum(delta) as n
       from r where ${column} is not null group by org_id, ${column}, profiled`,
  ).join('\n      union all ');
  return `
    with combos as (
      -- Rows alike in every counted column count once, with their number (an import batch of 10,000 is a
      -- few dozen such combinations).
      select org_id, personality_type, status, designation, buyer_stage, industry, account_id, sum(delta) as delta
      from (${rows}) y
      group by org_id, personality_type, status, designation, buyer_stage, industry, account_id
      having sum(delta) <> 0
    ),
    r as materialized (
      select x.org_id, x.personality_type is not null as profiled, x.status, x.designation, x.personality_type,
        x.buyer_stage, x.industry, a.name as account_name, a.revenue as account_revenue,
        a.id::text as account_key, x.delta
      from combos x
      -- An index lookup per row: a hash of every account would cost a one-row update a table scan.
      left join lateral (select id, name, revenue from accounts where id = x.account_id) a on true
    ),
    per as (
      ${perCategory}
    ),
    deltas as (
      select org_id, category, value, case when profiled then 'profiled' else 'unprofiled' end as tab, n from per
      union all
      select org_id, category, value, 'all', sum(n) from per group by org_id, category, value
    )
    insert into audience_facets as f (org_id, category, value, tab, n)
    select org_id, category, value, tab, n from deltas where n <> 0
    order by 1, 2, 3, 4
    on conflict (org_id, category, value, tab) do update set n = f.n + excluded.n;`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists contacts_org_unprofiled_name_idx;
    drop index if exists contacts_org_profiled_name_idx;
    drop trigger if exists accounts_facets_delete on accounts;
    drop trigger if exists accounts_facets_update on accounts;
    drop trigger if exists contacts_facets_update on contacts;
    drop trigger if exists contacts_facets_delete on contacts;
    drop trigger if exists contacts_facets_insert on contacts;
    drop function if exists audience_facets_account_moved();
    drop function if exists audience_facets_update();
    drop function if exists audience_facets_delete();
    drop function if exists audience_facets_insert();
    drop table if exists audience_facets;
  `.execute(db);
}
