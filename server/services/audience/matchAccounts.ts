import { sql } from 'kysely';
import { websiteDomain } from '../../../domain/contactImport.ts';
import type { Db } from '../../db/Db.ts';

/** A company a contact works for, as a write names it (create contact, a hosted form, an import row). */
export type CompanyInput = {
  name: string;
  website?: string | null;
  industry?: string | null;
  revenue?: string | null;
};

/** lower(name) -> account id. */
export type AccountIds = Map<string, number>;

/** One company of a call: the names and domains it goes by, and what a new account of it gets. */
type Company = {
  names: Set<string>;
  domains: Set<string>;
  name: string;
  website: string | null;
  industry: string | null;
  revenue: string | null;
};

/**
 * The companies of a call, one per set of names and domains that meet: two companies with the same name
 * (any case), or with websites of the same domain, are one. A company keeps the first name given, and the
 * first website, industry and revenue given.
 */
function companiesOf(inputs: readonly CompanyInput[]): Company[] {
  const companies: Company[] = [];
  const byKey = new Map<string, Company>();
  for (const input of inputs) {
    const name = input.name.trim();
    if (!name) continue;
    const domain = input.website ? websiteDomain(input.website) : null;
    const keys = [`n:${name.toLowerCase()}`, ...(domain ? [`d:${domain}`] : [])];
    const met = [...new Set(keys.map((key) => byKey.get(key)).filter((c): c is Company => c !== undefined))];
    const company = met[0] ?? {
      names: new Set<string>(),
      domains: new Set<string>(),
      name,
      website: null,
      industry: null,
      revenue: null,
    };
    if (!met[0]) companies.push(company);
    // A company that joins two others merges them into the first.
    for (const other of met.slice(1)) {
      for (const n of other.names) company.names.add(n);
      for (const d of other.domains) company.domains.add(d);
      company.website ??= other.website;
      company.industry ??= other.industry;
      company.revenue ??= other.revenue;
      companies.splice(companies.indexOf(other), 1);
    }
    company.names.add(name.toLowerCase());
    if (domain) company.domains.add(domain);
    company.website ??= input.website || null;
    company.industry ??= input.industry || null;
    company.revenue ??= input.revenue || null;
    for (const n of company.names) byKey.set(`n:${n}`, company);
    for (const d of company.domains) byKey.set(`d:${d}`, company);
  }
  return companies;
}

/**
 * The organisation's accounts of these companies, made where it has none, by one rule for every write of
 * the audience service: the account with one of the company's names (any case; the oldest), else the
 * account whose website has one of its domains (accounts.domain: host without "www."; the oldest), else a
 * new account with the company's first name, website, industry and revenue. A matched account without a
 * website gets the company's. Companies of one call that share a name or a domain are one company. One
 * statement; the accounts found or made are locked (key share) until the caller's transaction ends, so a
 * set-wise write may refer to them without per-row foreign-key checks.
 */
export async function matchAccounts(
  db: Db,
  orgId: number,
  inputs: readonly CompanyInput[],
): Promise<AccountIds> {
  const companies = companiesOf(inputs);
  const ids: AccountIds = new Map();
  if (companies.length === 0) return ids;
  const at = companies.map((_, index) => index);
  const keys = companies.flatMap((company, index) => [
    ...[...company.names].map((name) => ({ index, name, domain: null as string | null })),
    ...[...company.domains].map((domain) => ({ index, name: null as string | null, domain })),
  ]);
  const { rows } = await sql<{ g: number; id: number }>`
    with company as (
      select * from unnest(${at}::int[], ${companies.map((c) => c.name)}::text[],
        ${companies.map((c) => c.website)}::text[], ${companies.map((c) => c.industry)}::text[],
        ${companies.map((c) => c.revenue)}::text[]) as t(g, name, website, industry, revenue)
    ),
    company_key as (
      select * from unnest(${keys.map((k) => k.index)}::int[], ${keys.map((k) => k.name)}::text[],
        ${keys.map((k) => k.domain)}::text[]) as k(g, name_lower, domain)
    ),
    found as (
      select c.g, c.website, coalesce(
        (select a.id from company_key k join accounts a on a.org_id = ${orgId} and a.name_lower = k.name_lower
          where k.g = c.g order by a.id limit 1),
        (select a.id from company_key k join accounts a on a.org_id = ${orgId} and a.domain = k.domain
          where k.g = c.g order by a.id limit 1)
      ) as id
      from company c
    ),
    made as (
      insert into accounts (org_id, name, website, industry, revenue)
      select ${orgId}, c.name, c.website, c.industry, c.revenue
      from company c join found f on f.g = c.g
      where f.id is null
      order by c.g
      returning id, name_lower
    ),
    filled as (
      update accounts a set website = f.website
      from found f
      where a.id = f.id and a.website is null and f.website is not null
    )
    select g, id from found where id is not null
    union all
    select c.g, m.id from made m join company c on lower(c.name) = m.name_lower`.execute(db);
  const accountOf = new Map(rows.map((row) => [row.g, row.id]));
  await sql`select id from accounts where id = any(${[...accountOf.values()]}::int[]) for key share`.execute(
    db,
  );
  companies.forEach((company, index) => {
    const id = accountOf.get(index);
    if (id !== undefined) for (const name of company.names) ids.set(name, id);
  });
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
