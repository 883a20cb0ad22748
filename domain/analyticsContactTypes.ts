import type { ContactTab } from './analyticsContactSchemas.ts';
import type { AnalyticsPeriod, EventCounts } from './analyticsTypes.ts';
import type { AudienceListSummary } from './audienceLists.ts';

/** A contact of an analytics contact tab: who, and what the selection's emails of the period counted. */
export type ContactAnalyticsRow = Omit<EventCounts, 'unique_opens' | 'unique_clicks'> & {
  contact_id: number;
  contact_name: string;
  contact_email: string;
  designation: string | null;
  status: string;
  engagement_score: number;
  account_id: number | null;
  company_name: string | null;
  emails: number;
  last_activity: string | null;
};

/** An email sent to a contact (or an account's contacts) with its state, counts and first touches. */
export type EmailEngagementRow = {
  email_id: number;
  email_name: string;
  subject: string;
  campaign_id: number | null;
  campaign_name: string | null;
  contacts: number;
  status: 'Unsubscribed' | 'Bounced' | 'Clicked' | 'Opened' | 'Delivered' | 'Sent';
  sent: number;
  delivered: number;
  opens: number;
  clicks: number;
  unique_opens: number;
  unique_clicks: number;
  sent_at: string | null;
  first_open_at: string | null;
  first_click_at: string | null;
};

/** An article clicked, with its clicks and how many contacts clicked it. */
export type ContentEngagementRow = {
  article_id: number;
  article_title: string;
  article_url: string;
  website: string;
  image_url: string | null;
  clicks: number;
  clicked_by: number;
  first_click_at: string;
  last_click_at: string;
};

/** How each event kind reads in the audit trail. */
export const AUDIT_ACTIVITY = {
  sent: 'Email sent',
  delivered: 'Email delivered',
  opened: 'Email opened',
  clicked: 'Link clicked',
  bounced: 'Email bounced',
  unsubscribed: 'Unsubscribed',
} as const;

export type AuditActivity = {
  event_id: number;
  kind: keyof typeof AUDIT_ACTIVITY;
  activity: string;
  email_id: number | null;
  email_name: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  link: string | null;
  article_id: number | null;
  article_title: string | null;
  occurred_at: string;
  /** The points the activity gave the contact's score (buyer journey scoring); null: none. */
  points: number | null;
};

/** The contact dashboard's contact: its fields and its account. */
export type ContactDetails = {
  contact_id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  contact_email: string;
  designation: string | null;
  phone_number: string | null;
  industry: string | null;
  personality: string | null;
  personality_type: string | null;
  status: string;
  buyer_stage: string | null;
  engagement_score: number;
  linkedin_url: string | null;
  twitter_url: string | null;
  country: string | null;
  account_id: number | null;
  organization: string | null;
  company_website: string | null;
};

/** What all of a contact's real sends counted. */
export type ContactIntentData = EventCounts & { emails: number; last_activity: string | null };

/** A campaign a contact was sent, with what its emails counted for the contact. */
export type SubscribedCampaign = {
  campaign_id: number;
  campaign_name: string;
  emails_sent: number;
  opens: number;
  clicks: number;
  last_sent_at: string | null;
};

export type ContactDashboard = {
  contact_details: ContactDetails;
  contact_intent_data: ContactIntentData;
  subscribed_campaigns: SubscribedCampaign[];
  total_subscribed_campaigns: number;
  content: ContentEngagementRow[];
  totalArticlesCount: number;
};

/** The answer contracts of the analytics contact calls, by call name (ServiceAnswer). */
export type AnalyticsContactAnswers = {
  contacts_listing: {
    total_count: number;
    tab: ContactTab;
    data: ContactAnalyticsRow[];
    period: AnalyticsPeriod;
  };
  contacts_listing_list: { list: AudienceListSummary };
  contact_listing_tab_counts: { data: Record<ContactTab, number> & { period: AnalyticsPeriod } };
  contact_dashboard: { data: ContactDashboard };
  contact_audit_trail: {
    total_count: number;
    total_score: number;
    data: AuditActivity[];
    period: AnalyticsPeriod;
  };
  contact_email_engagement: { total_count: number; data: EmailEngagementRow[]; period: AnalyticsPeriod };
  contact_content_engagement: { total_count: number; data: ContentEngagementRow[] };
};
