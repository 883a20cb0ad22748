import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { CampaignAnalyticsRow } from '../../../../domain/analyticsTypes.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { countColumn, rateColumn } from './analyticsColumns.tsx';
import { campaignColumn } from './campaignColumn.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

const COLUMNS: TableColumn<CampaignAnalyticsRow>[] = [
  campaignColumn('28%'),
  countColumn('emails', 'Emails', (r) => r.emails_count),
  countColumn('contacts', 'Contacts', (r) => r.total_contacts),
  countColumn('sent', 'Sent', (r) => r.total_sent),
  countColumn('unique_opens', 'Unique opens', (r) => r.unique_opens),
  rateColumn('open_rate', 'Open rate', (r) => r.open_rate),
  countColumn('unique_clicks', 'Unique clicks', (r) => r.unique_clicks),
  rateColumn('click_rate', 'Click rate', (r) => r.click_rate),
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
          list={list}
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
