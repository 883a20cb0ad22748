import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { TableColumn } from '../../../ui/Table.tsx';

/** A count in its short form (K, M, B), the exact figure as its tooltip. */
export function AnalyticsCount({ value }: { value: number }) {
  return <span title={formatThousands(value)}>{abbreviateNumber(value)}</span>;
}

/** A report table's column of a count, aligned to the end. */
export const countColumn = <Row,>(
  id: string,
  header: string,
  of: (row: Row) => number,
  sortable = false,
): TableColumn<Row> => ({
  id,
  header,
  align: 'end',
  sortable,
  cell: (row) => <AnalyticsCount value={of(row)} />,
});
