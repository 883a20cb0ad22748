import { type Expression, type ExpressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { PeopleFilterCategory, PeopleScope } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';

export type PeopleEb = ExpressionBuilder<Database & { c: Database['contacts'] }, 'c'>;

/** A prefix pattern (LIKE 'word%'), with % _ and \ escaped so they match literally. */
export function prefixPattern(word: string): string {
  return `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A contains pattern (LIKE '%word%'), lower-case, with % _ and \ escaped so they match literally: what the
 * people search matches anywhere in a name, an address or a company's name.
 */
export function containsPattern(word: string): string {
  return `%${prefixPattern(word)}`;
}

/** The organisation's accounts whose name matches the pattern (a search's company branch). */
export function matchingAccountIds(
  qb: Pick<QueryCreator<Database>, 'selectFrom'>,
  orgId: number,
  pattern: string,
) {
  return qb
    .selectFrom('accounts')
    .select('accounts.id')
    .where('accounts.org_id', '=', orgId)
    .where('accounts.name_lower', 'like', pattern);
}

/** The column or account column each filter category reads. */
const CONTACT_FILTER_COLUMNS = {
  designations: 'c.designation',
  personalityType: 'c.personality_type',
  status: 'c.status',
  buyerStage: 'c.buyer_stage',
  industry: 'c.industry',
} as const;
const ACCOUNT_FILTER_COLUMNS = { organizations: 'name', revenue: 'revenue' } as const;

export type ScopeOptions = {
  orgId: number;
  scope: PeopleScope;
  ignoreTab?: boolean;
  ignore?: PeopleFilterCategory;
};

/**
 * The conditions of a people scope on contacts aliased `c`: the organisation, the tab (profiled: with a
 * personality type), the search word (anywhere in the full name, the address, its domain included, or the
 * company's name; any case) and each filter category (any of its values).
 */
export function scopeWhere(eb: PeopleEb, options: ScopeOptions): Expression<SqlBool> {
  const { orgId, scope } = options;
  const conditions: Expression<SqlBool>[] = [eb('c.org_id', '=', orgId)];
  if (!options.ignoreTab && scope.tab === 'profiled')
    conditions.push(eb('c.personality_type', 'is not', null));
  if (!options.ignoreTab && scope.tab === 'unprofiled') conditions.push(eb('c.personality_type', 'is', null));
  if (scope.accountId !== null) conditions.push(eb('c.account_id', '=', scope.accountId));
  if (scope.searchWord) {
    const pattern = containsPattern(scope.searchWord);
    conditions.push(
      eb.or([
        eb('c.full_name_lower', 'like', pattern),
        eb('c.email_lower', 'like', pattern),
        // The sub-query names no outer column: the expression builder serves as a plain query creator.
        eb('c.account_id', 'in', matchingAccountIds(eb as unknown as QueryCreator<Database>, orgId, pattern)),
      ]),
    );
  }
  for (const [category, values] of Object.entries(scope.filters) as [PeopleFilterCategory, string[]][]) {
    if (category === options.ignore || values.length === 0) continue;
    if (category === 'organizations' || category === 'revenue') {
      const column = ACCOUNT_FILTER_COLUMNS[category];
      conditions.push(
        eb(
          'c.account_id',
          'in',
          eb
            .selectFrom('accounts')
            .select('accounts.id')
            .where('accounts.org_id', '=', orgId)
            .where(`accounts.${column}`, 'in', values),
        ),
      );
    } else {
      conditions.push(eb(CONTACT_FILTER_COLUMNS[category], 'in', values));
    }
  }
  return eb.and(conditions);
}

/** The SQL expression each filter category counts by (contacts `c` left-joined to accounts `a`). */
export const FILTER_VALUE_SQL: Record<PeopleFilterCategory, ReturnType<typeof sql.ref>> = {
  designations: sql.ref('c.designation'),
  organizations: sql.ref('a.name'),
  personalityType: sql.ref('c.personality_type'),
  status: sql.ref('c.status'),
  buyerStage: sql.ref('c.buyer_stage'),
  industry: sql.ref('c.industry'),
  revenue: sql.ref('a.revenue'),
};
