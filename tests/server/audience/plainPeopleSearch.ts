import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * What a searched page must hold, written the plain way (every contact tested): the tab's condition and
 * the search anywhere in the full name, the address or the company's name. The tests compare the
 * server's pages with a query built from these.
 */
export function plainTabAndSearch(orgId: number, tab: string, word: string): RawBuilder<SqlBool> {
  const pattern = `%${word.toLowerCase()}%`;
  const inTab =
    tab === 'profiled'
      ? sql`personality_type is not null`
      : tab === 'unprofiled'
        ? sql`personality_type is null`
        : sql`true`;
  return sql<SqlBool>`${inTab} and (full_name_lower like ${pattern} or email_lower like ${pattern}
    or account_id in (select id from accounts where org_id = ${orgId} and name_lower like ${pattern}))`;
}
