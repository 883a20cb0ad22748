import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';

/** A count in its short form (K, M, B), the exact figure as its tooltip. */
export function AnalyticsCount({ value }: { value: number }) {
  return <span title={formatThousands(value)}>{abbreviateNumber(value)}</span>;
}
