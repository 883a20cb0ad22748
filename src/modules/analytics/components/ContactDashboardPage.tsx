import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type {
  ContactDashboard,
  ContactDetails,
  ContactIntentData,
  SubscribedCampaign,
} from '../../../../domain/analyticsContactTypes.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Badge, type BadgeTone } from '../../../ui/Badge.tsx';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { CONTACT_DASHBOARD_CONTEXT } from '../../shared/components/ContactDashboardLink.tsx';
import { DashboardBackLink } from '../../shared/components/DashboardBackLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { countColumn } from './analyticsColumns.tsx';
import { ContactAuditTrailCard } from './ContactAuditTrailCard.tsx';
import { ContactContentCard, ContactEmailsCard } from './ContactEngagementCards.tsx';
import { ContactScoreCard } from './ContactScoreCard.tsx';
import { campaignColumn } from './campaignColumn.tsx';
import { type StatItem, StatsCards } from './StatsCards.tsx';

/** What all of the contact's real sends counted. */
const INTENT: readonly StatItem<ContactIntentData>[] = [
  { key: 'sent', label: 'Emails sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'unique_opens', label: 'Emails opened' },
  { key: 'unique_clicks', label: 'Emails clicked' },
  { key: 'opens', label: 'Total opens' },
  { key: 'clicks', label: 'Total clicks' },
  { key: 'bounced', label: 'Bounced' },
  { key: 'unsubscribed', label: 'Unsubscribed' },
];

const CAMPAIGN_COLUMNS: TableColumn<SubscribedCampaign>[] = [
  campaignColumn('40%'),
  countColumn('emails', 'Emails', (r) => r.emails_sent),
  countColumn('opens', 'Opens', (r) => r.opens),
  countColumn('clicks', 'Clicks', (r) => r.clicks),
  {
    id: 'last_sent',
    header: 'Last sent',
    className: 'analytics-nowrap',
    cell: (row) => (row.last_sent_at ? formatDate(row.last_sent_at) : '—'),
  },
];

/** The contact's fields, a dash for those not known. */
function DetailsList({ details }: { details: ContactDetails }) {
  const facts: [string, ReactNode][] = [
    [
      'Email',
      <a key="email" href={`mailto:${details.contact_email}`}>
        {details.contact_email}
      </a>,
    ],
    ['Job title', details.designation],
    ['Company', details.organization ? <UserText key="company">{details.organization}</UserText> : null],
    ['Industry', details.industry],
    ['Country', details.country],
    ['Phone number', details.phone_number],
    ['Buyer stage', details.buyer_stage],
    ['Personality', details.personality_type ?? details.personality],
    ['Engagement score', String(details.engagement_score)],
  ];
  return (
    <dl className="contact-dashboard__facts">
      {facts.map(([label, value]) => (
        <div key={label} className="contact-dashboard__fact">
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How a contact's status looks. */
const STATUS_TONE: Record<string, BadgeTone> = {
  Subscribed: 'success',
  Unsubscribed: 'warning',
  'Hard Bounce': 'danger',
};

function Heading({ dashboard, back }: { dashboard: ContactDashboard; back: ReactNode }) {
  const { contact_details: details, contact_intent_data: intent } = dashboard;
  return (
    <header className="contact-dashboard__head">
      {back}
      <div className="contact-dashboard__who">
        <h2 className="contact-dashboard__name">
          <UserText>{details.full_name || details.contact_email}</UserText>
        </h2>
        <p className="contact-dashboard__line">
          {[details.designation, details.organization].filter(Boolean).join(' · ') || details.contact_email}
        </p>
        <p className="contact-dashboard__badges">
          <Badge tone={STATUS_TONE[details.status] ?? 'neutral'}>{details.status}</Badge>
          {intent.last_activity ? (
            <span className="contact-dashboard__line">
              Last activity {formatDate(intent.last_activity, 'dateTime')}
            </span>
          ) : null}
        </p>
      </div>
    </header>
  );
}

type DashboardProps = { contactId: number; query: AnalyticsQuery; back: ReactNode };

function Dashboard({ contactId, query, back }: DashboardProps) {
  const api = useServices().analyticsApi;
  const campaigns = usePagedList({
    mode: 'local',
    name: 'analytics-contact-dashboard',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: String(contactId),
    load: (page, signal) =>
      api.contactDashboard({ contact_id: contactId, limit: page.limit, offset: page.offset }, signal),
    rowsOf: (answer) => answer.data.subscribed_campaigns,
    totalOf: (answer) => answer.data.total_subscribed_campaigns,
    rowKey: (row: SubscribedCampaign) => row.campaign_id,
  });
  const dashboard = campaigns.latest?.data ?? null;
  if (!dashboard) {
    if (campaigns.status === 'failure' && campaigns.error)
      return (
        <>
          {back}
          <LoadErrorPanel
            title="This contact’s dashboard could not be loaded"
            message={campaigns.error.message}
            onRetry={campaigns.retry}
          />
        </>
      );
    return (
      <>
        {back}
        <StatePanel kind="loading" title="Loading the contact’s dashboard…" />
      </>
    );
  }
  return (
    <div className="contact-dashboard" data-testid="contact-dashboard">
      <Heading dashboard={dashboard} back={back} />
      <StatsCards stats={dashboard.contact_intent_data} items={INTENT} />
      <div className="contact-dashboard__top">
        <Card title="Details" className="analytics-card">
          <DetailsList details={dashboard.contact_details} />
        </Card>
        <Card title="Subscribed campaigns" flush className="analytics-card">
          <PagedTable
            list={campaigns}
            caption="The campaigns this contact was sent"
            columns={CAMPAIGN_COLUMNS}
            rowKey={(row) => String(row.campaign_id)}
            noun={['campaign', 'campaigns']}
            errorTitle="The campaigns could not be loaded"
            empty={
              <StatePanel compact kind="empty" title="No campaigns yet">
                No campaign has sent this contact an email.
              </StatePanel>
            }
          />
        </Card>
      </div>
      <ContactEmailsCard contactId={contactId} query={query} />
      <ContactContentCard contactId={contactId} />
      <ContactScoreCard contactId={contactId} score={dashboard.contact_details.engagement_score} />
      <ContactAuditTrailCard contactId={contactId} />
    </div>
  );
}

/**
 * /analytics/contacts/dashboard?contact_id=…: a contact's details and what its emails counted, the
 * campaigns it was sent (paged), its email engagement under the report's filter, the articles it clicked
 * and its audit trail. Back returns to back_url (a path of this app only), else to the contacts report.
 */
export function ContactDashboardPage({ query }: { query: AnalyticsQuery }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const contactId = Number(search.contact_id);
  const kept = new URLSearchParams();
  for (const key of CONTACT_DASHBOARD_CONTEXT) if (search[key] != null) kept.set(key, String(search[key]));
  const fallback = `/analytics/contacts${kept.size > 0 ? `?${kept}` : ''}`;
  const back = (
    <DashboardBackLink backUrl={search.back_url} fallback={fallback} fallbackLabel="All contacts" />
  );
  if (!Number.isInteger(contactId) || contactId <= 0)
    return (
      <>
        {back}
        <StatePanel kind="empty" title="No contact chosen">
          Open a contact from the contacts report or any list of contacts to see its dashboard.
        </StatePanel>
      </>
    );
  return <Dashboard key={contactId} contactId={contactId} query={query} back={back} />;
}
