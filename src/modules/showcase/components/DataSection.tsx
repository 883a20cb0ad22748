import { useState } from 'react';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ShowMore } from '../../../ui/ShowMore.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table, type TableColumn, type TableSort } from '../../../ui/Table.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

type CampaignRow = { id: string; name: string; status: 'Active' | 'Draft'; sent: number; opens: number };

const ROWS: CampaignRow[] = [
  { id: '1', name: 'Quarterly insights', status: 'Active', sent: 1_254_300, opens: 402_118 },
  { id: '2', name: 'Welcome series', status: 'Active', sent: 18_450, opens: 9_020 },
  { id: '3', name: 'Product launch', status: 'Draft', sent: 999, opens: 0 },
];

const COLUMNS: TableColumn<CampaignRow>[] = [
  { id: 'name', header: 'Campaign', cell: (row) => row.name, sortable: true },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={row.status === 'Active' ? 'success' : 'neutral'}>{row.status}</Badge>,
  },
  { id: 'sent', header: 'Sent', cell: (row) => formatThousands(row.sent), align: 'end', sortable: true },
  { id: 'opens', header: 'Opens', cell: (row) => abbreviateNumber(row.opens), align: 'end', sortable: true },
];

const sortRows = (rows: CampaignRow[], sort: TableSort) => {
  if (sort.direction === 'NOSORT') return rows;
  const key = sort.columnId as 'name' | 'sent' | 'opens';
  const factor = sort.direction === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => (a[key] < b[key] ? -factor : a[key] > b[key] ? factor : 0));
};

/** Tables in their states, the pager (Show more), tabs and cards. */
export function DataSection() {
  const [sort, setSort] = useState<TableSort>({ columnId: 'sent', direction: 'DESC' });
  const [shown, setShown] = useState(20);
  const table = (state: 'rows' | 'loading' | 'empty' | 'error') => (
    <Table
      caption="Campaigns"
      captionHidden
      columns={COLUMNS}
      rows={state === 'rows' ? sortRows(ROWS, sort) : []}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={setSort}
      loading={state === 'loading'}
      empty={<StatePanel kind="empty" title="No campaigns yet" compact />}
      error={
        state === 'error' ? (
          <StatePanel
            kind="error"
            title="Campaigns could not be loaded"
            compact
            actions={
              <Button size="sm" variant="secondary">
                Try again
              </Button>
            }
          />
        ) : undefined
      }
    />
  );

  return (
    <ShowcaseSection
      id="data"
      title="Tables, tabs and cards"
      description="Counts use thousands separators; large figures are abbreviated (K, M, B with one decimal)."
    >
      <ShowcaseExample label="Table (sortable headers)" wide>
        <Card flush>
          {table('rows')}
          <ShowMore
            summary={
              shown < 57 ? (
                <>
                  Showing <strong>{shown}</strong> of <strong>57</strong> campaigns
                </>
              ) : (
                <>All 57 campaigns shown</>
              )
            }
            hasMore={shown < 57}
            loading={false}
            noun="campaigns"
            onShowMore={() => setShown((n) => Math.min(57, n + 20))}
          />
        </Card>
      </ShowcaseExample>
      <ShowcaseExample label="Table, loading" wide>
        <Card flush>{table('loading')}</Card>
      </ShowcaseExample>
      <ShowcaseExample label="Table, empty" wide>
        <Card flush>{table('empty')}</Card>
      </ShowcaseExample>
      <ShowcaseExample label="Table, error" wide>
        <Card flush>{table('error')}</Card>
      </ShowcaseExample>
      <ShowcaseExample label="Tabs (arrow keys, Home, End)" wide>
        <Tabs
          label="Workflow filters"
          tabs={[
            { id: 'active', label: 'Active', content: <p>3 active workflows.</p> },
            { id: 'inactive', label: 'Inactive', content: <p>1 inactive workflow.</p> },
            { id: 'archived', label: 'Archived', content: <p>None.</p>, disabled: true },
            { id: 'all', label: 'All', content: <p>4 workflows.</p> },
          ]}
        />
      </ShowcaseExample>
      <ShowcaseExample label="Card" wide>
        <Card
          title="Quarterly insights"
          description="Sent every quarter to the Enterprise list."
          actions={
            <Button size="sm" variant="secondary">
              Edit
            </Button>
          }
        >
          <p>
            {formatThousands(1_254_300)} sent · {abbreviateNumber(402_118)} opens ·{' '}
            {abbreviateNumber(2_500_000)} impressions
          </p>
        </Card>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
