import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CampaignSummary } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { OptionPicker } from '../../shared/components/OptionPicker.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';

/**
 * Settings › Export widget (users with export_widget_permission): each campaign has its own promo export
 * widget (the promotion codes it shows and the snippet a website embeds). Choose a campaign here and open
 * its widget's settings on the campaign's page.
 */
export function ExportWidgetSettingsPage() {
  const { campaignApi } = useServices();
  const [chosen, setChosen] = useState<CampaignSummary | null>(null);
  const list = usePagedList({
    mode: 'local',
    name: 'exportWidgetCampaigns',
    pageSize: 10,
    load: (query, signal) =>
      campaignApi.listCampaigns(
        { offset: query.offset, limit: query.limit, search: query.q, emailType: 'all', userId: null },
        signal,
      ),
    ...countedRows<CampaignSummary>((campaign) => campaign.campaign_id),
  });
  return (
    <Card
      title="Export widget"
      description="Each campaign has a promo export widget: the promotion codes it shows and the snippet your website embeds. Choose a campaign to set up its widget."
    >
      <div className="settings-form">
        <OptionPicker
          choose="one"
          list={list}
          rowKey={(campaign) => campaign.campaign_id}
          variant="compact"
          noun={['campaign', 'campaigns']}
          label="Campaigns"
          searchLabel="Search campaigns"
          searchPlaceholder="Campaign name"
          emptyText="Campaigns you create appear here, each with its widget."
          selectedKey={chosen?.campaign_id ?? null}
          onChoose={setChosen}
          render={(campaign) => ({
            name: campaign.campaign_name,
            aside: countOf(campaign.emails_count, 'email', 'emails'),
          })}
        />
        <div className="settings-form__actions">
          {chosen ? (
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'campaign', tab: undefined, subTab: undefined }}
              search={{ campaign_id: String(chosen.campaign_id), exportPopup: true } as never}
              className={`${buttonClassName('primary')} settings-widget-link`}
            >
              Open the widget of {chosen.campaign_name}
            </Link>
          ) : (
            <p className="settings-plan__purpose">Choose a campaign to open its widget.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
