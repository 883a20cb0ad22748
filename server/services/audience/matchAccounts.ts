import { type Kysely, sql, type Transaction } from 'kysely';
import { websiteDomain } from '../../../domain/contactImport.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A company a contact works for, as a write names it (create contact, a hosted form, an import row). */
export type CompanyInput = {
  name: string;
  website?: string | null;
  industry?: string | null;
  revenue?: string | null;
};

/** lower(name) -> account id. */
export type AccountIds = Map<string, number>;

/**
 * The organisation's accounts of these companies, made where it has none, by one rule for every write of
 * the audience service: the account of that name (any case; the oldest), else the account whose website
 * has the company's domain (accounts.domain: host without "www."; the oldest), else a new account with the
 * company's name, website, industry and revenue. A matched account without a website gets the company's.
 * Companies of one call that share a domain are one company (the first one named). One statement; the
 * accounts found or made are locked (key share) until the caller's transaction ends, so a set-wise write
 * may refer to them without per-row foreign-key checks.
 */
export async function matchAccounts(
  db: Db,
  orgId: number,
  companies: readonly CompanyInput[],
): Promise<AccountIds> {
  const byName = new Map<string, CompanyInput & { domain: string | null }>();
  const nameOfDomain = new Map<string, string>();
  const aliases = new Map<string, string>();
  for (const company of companies) {
    const name = company.name.trim();
    const key = name.toLowerCase();
    if (!name || byName.has(key) || aliases.has(key)) continue;
    const domain = company.website ? websiteDomain(company.website) : null;
    const first = domain ? nameOfDomain.get(domain) : undefined;
    if (first) {
      aliases.set(key, first);
      continue;
    }
    if (domain) nameOfDomain.set(domain, key);
    byName.set(key, { ...company, name, domain });
  }
  const ids: AccountIds = new Map();
  if (byName.size === 0) return ids;
  const input = [...byName.values()];
  const column = (pick: (company: (typeof input)[number]) => string | null | undefined) =>
    input.map((company) => pick(company) || null);
  const { rows } = await sql<{ name_lower: string; id: number }>`
    with input as (
      select t.name, lower(t.name) as name_lower, t.website, t.domain, t.industry, t.revenue
      from unnest(${column((c) => c.name)}::text[], ${column((c) => c.website)}::text[],
        ${column((c) => c.domain)}::text[], ${column((c) => c.industry)}::text[],
        ${column((c) => c.revenue)}::text[]) as t(name, website, domain, industry, revenue)
    ),
    found as (
      select i.name_lower, i.website, coalesce(
        (select a.id from accounts a where a.org_id = ${orgId} and a.name_lower = i.name_lower
          order by a.id limit 1),
        (select a.id from accounts a where a.org_id = ${orgId} and a.domain = i.domain
          order by a.id limit 1)
      ) as id
      from input i
    ),
    made as (
      insert into accounts (org_id, name, website, industry, revenue)
      select ${orgId}, i.name, i.website, i.industry, i.revenue
      from input i join found f on f.name_lower = i.name_lower
      where f.id is null
      returning id, name_lower
    ),
    filled as (
      update accounts a set website = f.website
      from found f
      where a.id = f.id and a.website is null and f.website is not null
    )
    select name_lower, id from found where id is not null
    union all
    select name_lower, id from made`.execute(db);
  for (const row of rows) ids.set(row.name_lower, row.id);
  await sql`select id from accounts where id = any(${[...ids.values()]}::int[]) for key share`.execute(db);
  for (const [alias, key] of aliases) {
    const id = ids.get(key);
    if (id !== undefined) ids.set(alias, id);
  }
  return ids;
}

/** The account of one company by the same rule (null without a name). */
export async function accountFor(
  db: Db,
  orgId: number,
  company: CompanyInput | null,
): Promise<number | null> {
  if (!company?.name.trim()) return null;
  const ids = await matchAccounts(db, orgId, [company]);
  return ids.get(company.name.trim().toLowerCase()) ?? null;
}
