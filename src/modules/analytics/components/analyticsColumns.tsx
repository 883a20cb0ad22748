import type { TableColumn } from '../../../ui/Table.tsx';
import { formatRate } from '../analyticsFormat.ts';
import { AnalyticsCount } from './AnalyticsCount.tsx';

/** A report table's count column: K, M, B with the exact figure as its tooltip, aligned to the end. */
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

/** A report table's rate column, in percent. */
export const rateColumn = <Row,>(id: string, header: string, of: (row: Row) => number): TableColumn<Row> => ({
  id,
  header,
  align: 'end',
  cell: (row) => formatRate(of(row)),
});
