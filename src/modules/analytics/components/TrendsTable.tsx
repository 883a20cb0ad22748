import type { TrendLevel } from '../../../../domain/analyticsTypes.ts';
import { bucketLabel, type ZoomLevel } from '../../../../domain/trendZoom.ts';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import type { TrendMeasure } from '../trendSeries.ts';
import { countColumn, rateColumn } from './analyticsColumns.tsx';

type Bucket = { date: string; at: number };

/**
 * The numbers of a trends level as a table: one row per bucket (named as a reader says it: "Week of
 * Nov 2, 2026"), one column per measure, counts in K, M, B (the exact figure as the tooltip) and rates in
 * percent. On a phone each row is a card; a table wider than its card scrolls in a region the keyboard
 * reaches.
 */
export function TrendsTable({
  caption,
  level,
  zoom,
  measures,
  isRate,
  testId,
}: {
  caption: string;
  level: TrendLevel;
  zoom: ZoomLevel;
  measures: readonly TrendMeasure[];
  isRate: (key: string) => boolean;
  testId?: string;
}) {
  const value = (key: string) => (bucket: Bucket) => level.data[key]?.[bucket.at] ?? 0;
  const columns: TableColumn<Bucket>[] = [
    { id: 'bucket', header: 'Period', cell: (bucket) => bucketLabel(bucket.date, zoom) },
    ...measures.map((m) =>
      isRate(m.key) ? rateColumn(m.key, m.label, value(m.key)) : countColumn(m.key, m.label, value(m.key)),
    ),
  ];
  return (
    <section
      className="analytics-trends-table__scroll"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <Table
        caption={caption}
        captionHidden
        className="analytics-trends-table"
        columns={columns}
        rows={level.x_axis.map((date, at) => ({ date, at }))}
        rowKey={(bucket) => bucket.date}
        rowProps={() => ({ testId: testId ?? 'analytics-trends-row' })}
      />
    </section>
  );
}
