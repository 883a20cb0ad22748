import { formatRate } from '../../../../domain/formatRate.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { JourneySources } from '../../../../domain/journeyTracking.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import type { SourceRow } from '../utils/sourcesChartLayout.ts';

type UtmRow = JourneySources['utm'][number];
type ReferrerRow = JourneySources['referrers'][number];

const views = <Row extends { views: number }>(): TableColumn<Row> => ({
  id: 'views',
  header: 'Views',
  align: 'end',
  cell: (row) => formatThousands(row.views),
});
const orNone = (value: string | null) => (value ? <UserText>{value}</UserText> : '—');

/** The sources as a table: the chart's numbers for reading and for screen readers. */
export function SourcesTable({ rows }: { rows: readonly SourceRow[] }) {
  return (
    <Table
      caption="Website views by source"
      captionHidden
      columns={[
        { id: 'source', header: 'Source', cell: (row) => row.label },
        views<SourceRow>(),
        { id: 'share', header: 'Share', align: 'end', cell: (row) => formatRate(row.percent) },
        { id: 'visitors', header: 'Visitors', align: 'end', cell: (row) => formatThousands(row.visitors) },
      ]}
      rows={[...rows]}
      rowKey={(row) => row.source}
      rowProps={() => ({ testId: 'journey-source-row' })}
    />
  );
}

/** Views by UTM source, medium and campaign (most first, as the service orders them). */
export function UtmTable({ rows }: { rows: UtmRow[] }) {
  return (
    <Table
      caption="Website views by UTM campaign"
      captionHidden
      columns={[
        { id: 'utm_source', header: 'Source', cell: (row) => orNone(row.utm_source) },
        { id: 'utm_medium', header: 'Medium', cell: (row) => orNone(row.utm_medium) },
        { id: 'utm_campaign', header: 'Campaign', cell: (row) => orNone(row.utm_campaign) },
        views<UtmRow>(),
      ]}
      rows={rows}
      rowKey={(row) => JSON.stringify([row.utm_source, row.utm_medium, row.utm_campaign])}
      rowProps={() => ({ testId: 'journey-utm-row' })}
      empty={
        <StatePanel compact kind="empty" title="No UTM campaigns in this period">
          Add utm_source, utm_medium and utm_campaign to the links you share to see them here.
        </StatePanel>
      }
    />
  );
}

/** Views by referring site. */
export function ReferrersTable({ rows }: { rows: ReferrerRow[] }) {
  return (
    <Table
      caption="Website views by referring site"
      captionHidden
      columns={[
        { id: 'referrer_host', header: 'Site', cell: (row) => <UserText>{row.referrer_host}</UserText> },
        views<ReferrerRow>(),
      ]}
      rows={rows}
      rowKey={(row) => row.referrer_host}
      rowProps={() => ({ testId: 'journey-referrer-row' })}
      empty={
        <StatePanel compact kind="empty" title="No referring sites in this period">
          Visits that came through a link on another website show here.
        </StatePanel>
      }
    />
  );
}
