import type { SavedFilterData } from './analyticsSchemas.ts';
import type { ZoomLevel } from './trendZoom.ts';

/** The counted events of a selection (duplicates once; unique: first open or click of a contact and email). */
export type EventCounts = {
  sent: number;
  delivered: number;
  opens: number;
  clicks: number;
  bounced: number;
  unsubscribed: number;
  unique_opens: number;
  unique_clicks: number;
};

/** Rates in percent with two decimals (0 when nothing was delivered or sent). */
export type EventRates = {
  delivered_rate: number;
  open_rate: number;
  click_rate: number;
  total_open_rate: number;
  total_click_rate: number;
  bounce_rate: number;
  unsubscribe_rate: number;
};

export type AnalyticsStats = EventCounts & EventRates & { total_accounts: number; total_contacts: number };

export type EmailEngagement = {
  openRate: number;
  clickRate: number;
  totalEmails: number;
  totalCampaigns: number;
};

/** The period a report counted (organisation days; start null: all time). */
export type AnalyticsPeriod = { start_date: string | null; end_date: string; time_zone: string };

export type AnalyticsDashboard = {
  stats: AnalyticsStats;
  email_engagement: EmailEngagement;
  period: AnalyticsPeriod;
};

export type EmailGraphRow = EventCounts &
  EventRates & { email_id: number; email_name: string; campaign_id: number | null };
export type CampaignGraphRow = EventCounts & EventRates & { campaign_id: number; campaign_name: string };
export type WorkflowGraphRow = EventCounts &
  EventRates & { workflow_id: number; workflow_name: string; workflow_status: string };

export type AnalyticsPage<T> = { total_count: number; data: T[]; period: AnalyticsPeriod };

/** A campaign's totals as the campaign list shows them. */
export type CampaignAnalyticsRow = {
  campaign_id: number;
  campaign_name: string;
  emails_count: number;
  total_contacts: number;
  total_sent: number;
  total_delivered: number;
  total_open: number;
  total_clicks: number;
  unique_opens: number;
  unique_clicks: number;
  open_rate: number;
  click_rate: number;
};

/** One zoom level of a trends graph: the bucket starts and, per metric, one number per bucket. */
export type TrendLevel = { x_axis: string[]; data: Record<string, number[]> };

/**
 * An article's clicks over time (click trends by article): per bucket of each level, the contacts whose
 * last click of it falls in the bucket (unique_clicks) and their clicks (total_clicks), as content by
 * article counts a period, so the buckets add up to its figures.
 */
export type ArticleTrend = {
  article_id: number;
  article_title: string;
  clicks: number;
  clicked_by: number;
} & Partial<Record<ZoomLevel, TrendLevel>>;

export type TrendsGraph = {
  title: string;
  zoom_level: ZoomLevel;
  levels: ZoomLevel[];
  period: AnalyticsPeriod;
  /** Click trends only: the period's most clicked articles (at most five), most clicked first. */
  articles?: ArticleTrend[];
} & Partial<Record<ZoomLevel, TrendLevel>>;

/** The answer contracts of the analytics dashboard calls, by call name (ServiceAnswer). */
export type AnalyticsAnswers = {
  analytics_dashboard: { data: AnalyticsDashboard };
  dashboard_email_graph: AnalyticsPage<EmailGraphRow>;
  dashboard_campaign_graph: AnalyticsPage<CampaignGraphRow>;
  dashboard_workflow_graph: AnalyticsPage<WorkflowGraphRow>;
  email_trends_graph: { data: TrendsGraph };
  click_trends_graph: { data: TrendsGraph };
  campaigns_analytics: AnalyticsPage<CampaignAnalyticsRow>;
};

/** The report calls that export (export_analytics=1): the report's rows as a file, its link emailed. */
export type AnalyticsExportCall =
  | 'analytics_dashboard'
  | 'campaigns_analytics'
  | 'contacts_listing'
  | 'accounts_listing'
  | 'content_listing'
  | 'contact_email_engagement'
  | 'account_email_engagement'
  | 'lists_analytics'
  | 'weekly_account_insights';

/** A report call's answer with export_analytics=1: the export queued, its link going to email_address. */
export type AnalyticsExportAnswer = { exported: true; export_id: number; email_address: string };

/** An email the analytics filter offers (emails_dropdown/), marked when the selection keeps it. */
export type AnalyticsDropdownEmail = {
  email_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  email_name: string;
  email_subject: string;
  last_sent: string | null;
  sent_by: string;
  is_test_email: boolean;
  is_marked: boolean;
  digest_email: boolean;
  adhoc_email: boolean;
  ai_email: boolean;
  /** An AI variant's personality: its code (ADVA..AOVA), colour and type name. */
  personality?: string;
  personality_color?: string;
  personality_name?: string;
};

/** An AI variant's personality in the dropdown's AI group. */
export type AiDropdownPersonality = { name: string; color: string; tag: string };

/** The filter's option calls, by call name (ServiceAnswer). */
export type AnalyticsFilterAnswers = {
  emails_dropdown: {
    total_count: number;
    selected_count: number;
    data: AnalyticsDropdownEmail[];
    ai_group: (AnalyticsDropdownEmail & { ai_personality: AiDropdownPersonality })[];
    period: AnalyticsPeriod;
  };
  save_filter: { id: number };
  /** GET save_filter/?filterId=: the saved filter (its data as save_filter/'s schema reads it). */
  saved_filter: { data: { id: number; name: string; saved_data: SavedFilterData; is_temporary: boolean } };
  dashboard_workflows: { total_count: number; data: { id: number; name: string; status: string }[] };
  campaign_workflow_dropdown: {
    data: {
      campaigns: { campaign_id: number; campaign_name: string; share_type: number | null }[];
      workflows: { workflow_id: number; workflow_name: string; status: string }[];
    };
  };
};
