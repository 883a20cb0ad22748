import { type Expression, type ExpressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { PeopleFilterCategory, PeopleScope } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';

export type PeopleEb = ExpressionBuilder<Database & { c: Database['contacts'] }, 'c'>;

/** A prefix pattern (LIKE 'word%'), with % _ and \ escaped so they match literally. */
export function prefixPattern(word: string): string {
  return `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The values that start with a word, as a range in code-point order: from the lower-case word up to (not
 * including) the word with its last character replaced by the next code point (null when there is none).
 * Exact where the collation orders by code point (ordersByCodePoint); a plain index then reads it in order.
 */
export function prefixRange(word: string): { from: string; to: string | null } {
  const from = word.toLowerCase();
  const characters = Array.from(from);
  while (characters.length > 0) {
    const last = characters.pop()?.codePointAt(0) ?? 0;
    if (last >= 0x10ffff) continue; // no successor: values up to the one before it
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1; // skip the surrogates
    return { from, to: characters.join('') + String.fromCodePoint(next) };
  }
  return { from, to: null };
}

/** The organisation's accounts whose name starts with the pattern (a search's company branch). */
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
 * personality type), the search word (a prefix of the full name, the last name, the address or the
 * company's name) and each filter category (any of its values).
 */
export function scopeWhere(eb: PeopleEb, options: ScopeOptions): Expression<SqlBool> {
  const { orgId, scope } = options;
  const conditions: Expression<SqlBool>[] = [eb('c.org_id', '=', orgId)];
  if (!options.ignoreTab && scope.tab === 'profiled')
    conditions.push(eb('c.personality_type', 'is not', null));
  if (!options.ignoreTab && scope.tab === 'unprofiled') conditions.push(eb('c.personality_type', 'is', null));
  if (scope.accountId !== null) conditions.push(eb('c.account_id', '=', scope.accountId));
  if (scope.searchWord) {
    const pattern = prefixPattern(scope.searchWord);
    conditions.push(
      eb.or([
        eb('c.full_name_lower', 'like', pattern),
        eb('c.last_name_lower', 'like', pattern),
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
