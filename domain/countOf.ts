import { formatThousands } from './formatThousands.ts';

const rules = new Intl.PluralRules('en');

/** The noun that goes with a count, chosen by the language's plural rules: (1, 'row', 'rows') -> "row". */
export function pluralNoun(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/**
 * A count with its noun, the way every screen shows counts: (1, 'row', 'rows') -> "1 row",
 * (1234, 'row', 'rows') -> "1,234 rows", (0, ...) -> "0 rows".
 */
export function countOf(count: number, one: string, other: string): string {
  return `${formatThousands(count)} ${pluralNoun(count, one, other)}`;
}
