import { Link } from '@tanstack/react-router';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { CampaignAnalyticsRow } from '../../../../domain/analyticsTypes.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { formatRate } from '../analyticsFormat.ts';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

/** A count in its short form (K, M, B), the exact figure as its tooltip. */
function Count({ value }: { value: number }) {
  return <span title={formatThousands(value)}>{abbreviateNumber(value)}</span>;
}

const count = (
  id: string,
  header: string,
  of: (row: CampaignAnalyticsRow) => number,
): TableColumn<CampaignAnalyticsRow> => ({
  id,
  header,
  align: 'end',
  cell: (row) => <Count value={of(row)} />,
});

const COLUMNS: TableColumn<CampaignAnalyticsRow>[] = [
  {
    id: 'name',
    header: 'Campaign',
    width: '28%',
    cell: (row) => (
      <Link
        to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
        params={{ page: 'campaign', tab: undefined, subTab: undefined }}
        search={{ campaign_id: String(row.campaign_id) } as never}
      >
        <UserText>{row.campaign_name}</UserText>
      </Link>
    ),
  },
  count('emails', 'Emails', (r) => r.emails_count),
  count('contacts', 'Contacts', (r) => r.total_contacts),
  count('sent', 'Sent', (r) => r.total_sent),
  count('unique_opens', 'Unique opens', (r) => r.unique_opens),
  { id: 'open_rate', header: 'Open rate', align: 'end', cell: (r) => formatRate(r.open_rate) },
  count('unique_clicks', 'Unique clicks', (r) => r.unique_clicks),
  { id: 'click_rate', header: 'Click rate', align: 'end', cell: (r) => formatRate(r.click_rate) },
];

/**
 * /analytics/campaigns-assets: the organisation's campaigns (the filter's campaigns when it names some) with
 * what their emails counted in the filter's period, 20 a page with Show more, searched by name; the search
 * and the page are in the address with the filter.
 */
export function CampaignsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'url',
    name: 'analytics-campaigns',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.campaignsAnalytics({ ...query, limit: page.limit, offset: page.offset, search: page.q }, signal),
    ...countedRows((row: CampaignAnalyticsRow) => row.campaign_id),
  });
  const term = list.query.q;
  return (
    <section className="analytics-campaigns" aria-labelledby="analytics-campaigns-title">
      <div className="analytics-campaigns__head">
        <h2 id="analytics-campaigns-title" className="analytics-section-title">
          Campaigns
        </h2>
        <TextField
          label="Search campaigns"
          type="search"
          placeholder="Campaign name"
          value={list.searchText}
          autoComplete="off"
          className="analytics-campaigns__search"
          onChange={(event) => list.setSearchText(event.target.value)}
        />
        <ExportReportButton
          call="campaigns_analytics"
          query={query}
          fields={{ search_campaign: term || undefined }}
          what="the campaigns report"
          empty={list.latest !== null && list.total === 0}
          failed={list.status === 'failure' && !list.appending}
          loading={list.latest === null}
        />
      </div>
      <PagedTable
        list={list}
        caption="Campaigns with their sends, opens and clicks in the period"
        columns={COLUMNS}
        rowKey={(row) => String(row.campaign_id)}
        rowProps={() => ({ testId: 'analytics-campaign-row' })}
        noun={['campaign', 'campaigns']}
        errorTitle="The campaigns could not be loaded"
        empty={
          term ? (
            <StatePanel compact kind="empty" title="No campaign matches">
              Nothing matches “{term}”.
            </StatePanel>
          ) : (
            <NothingSentPanel compact title="No campaigns yet">
              Create a campaign and send its emails: each one's sends, opens and clicks show here.
            </NothingSentPanel>
          )
        }
      />
    </section>
  );
}
