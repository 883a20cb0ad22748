import type { ContactTab } from '../../../domain/analyticsContactSchemas.ts';
import type { ContactAnalyticsRow, ContactDashboard } from '../../../domain/analyticsContactTypes.ts';
import type { ServiceAnswer } from '../../../domain/serviceAnswer.ts';
import type { ContactsListingQuery } from '../../../src/api/analyticsApi.ts';

const PERIOD = { start_date: '2026-09-01', end_date: '2026-11-28', time_zone: 'UTC' };

/** How many contacts each tab holds in these fixtures. */
export const TAB_TOTALS: Record<ContactTab, number> = {
  delivered: 45,
  bounced: 25,
  unsubscribed: 0,
  all_contacts: 1250,
};

export function contactRow(id: number, tab: ContactTab): ContactAnalyticsRow {
  return {
    contact_id: id,
    contact_name: `${tab} contact ${id}`,
    contact_email: `c${id}@example.test`,
    designation: null,
    status: 'Subscribed',
    engagement_score: 3,
    account_id: null,
    company_name: id % 2 === 0 ? 'Acme Logistics' : null,
    emails: 1,
    sent: 1,
    delivered: tab === 'bounced' ? 0 : 1,
    opens: id % 3,
    clicks: id % 2,
    bounced: tab === 'bounced' ? 1 : 0,
    unsubscribed: 0,
    last_activity: '2026-11-20T10:00:00.000Z',
  };
}

/** contacts_listing/: the tab's rows of the page asked for (ids from 1, a tab's own). */
export async function contactsListing(
  query: ContactsListingQuery,
): Promise<ServiceAnswer<'contacts_listing'>> {
  const total = TAB_TOTALS[query.tab];
  const count = Math.max(0, Math.min(query.limit, total - query.offset));
  return {
    success: true,
    total_count: total,
    tab: query.tab,
    data: Array.from({ length: count }, (_, i) => contactRow(query.offset + i + 1, query.tab)),
    period: PERIOD,
  };
}

export async function contactTabCounts(
  _query?: unknown,
): Promise<ServiceAnswer<'contact_listing_tab_counts'>> {
  return { success: true, data: { ...TAB_TOTALS, period: PERIOD } };
}

export function contactDashboardAnswer(): ServiceAnswer<'contact_dashboard'> {
  const data: ContactDashboard = {
    contact_details: {
      contact_id: 5,
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      contact_email: 'ada@example.test',
      designation: 'Head of Research',
      phone_number: null,
      industry: 'Software',
      personality: null,
      personality_type: null,
      status: 'Subscribed',
      buyer_stage: 'Awareness',
      engagement_score: 12,
      linkedin_url: null,
      twitter_url: null,
      country: 'United Kingdom',
      account_id: 3,
      organization: 'Analytical Engines',
      company_website: null,
    },
    contact_intent_data: {
      emails: 3,
      sent: 3,
      delivered: 3,
      opens: 4,
      clicks: 2,
      bounced: 0,
      unsubscribed: 0,
      unique_opens: 2,
      unique_clicks: 1,
      last_activity: '2026-11-20T10:00:00.000Z',
    },
    subscribed_campaigns: [
      {
        campaign_id: 4,
        campaign_name: 'Autumn launch',
        emails_sent: 2,
        opens: 3,
        clicks: 1,
        last_sent_at: '2026-11-18T09:00:00.000Z',
      },
    ],
    total_subscribed_campaigns: 1,
    content: [],
    totalArticlesCount: 0,
  };
  return { success: true, data };
}
