import type { ContentEngagementRow, EmailEngagementRow } from './analyticsContactTypes.ts';
import type { AnalyticsPeriod, EventCounts, EventRates } from './analyticsTypes.ts';

/** An account sent to in the period (the account a contact had when the email went), with its counts. */
export type AccountAnalyticsRow = EventCounts & {
  account_id: number;
  account_name: string;
  website: string | null;
  industry: string | null;
  /** Its contacts sent the selection's emails in the period. */
  contacts: number;
  engagement_score: number;
};

/** A contact of an account, with what the selection's emails of the period counted for it. */
export type AccountContactRow = {
  contact_id: number;
  contact_name: string;
  contact_email: string;
  designation: string | null;
  status: string;
  engagement_score: number;
  sent: number;
  opens: number;
  clicks: number;
  last_activity: string | null;
};

/** What the selection's emails counted for an account's contacts while they were with it. */
export type AccountStats = EventCounts & EventRates & { total_contacts: number };

/** The account dashboard: the account, its stats under the selection and a page of its contacts. */
export type AccountDetails = {
  company_id: number;
  company_name: string;
  company_website: string | null;
  industry: string | null;
  revenue: string | null;
  engagement_score: number;
  account_stats: AccountStats;
  account_contacts: { total_count: number; data: AccountContactRow[] };
  period: AnalyticsPeriod;
};

export type { ContentEngagementRow, EmailEngagementRow };

/** A contact who clicked an article, as its card shows them (the first five by clicks). */
export type ArticleContact = {
  contact_id: number;
  contactName: string;
  contactEmail: string;
  clickCount: number;
};

/** Content by article: an article clicked in the period, with its first five contacts. */
export type ContentListingRow = ContentEngagementRow & {
  articleId: number;
  clickedBy: { contacts: ArticleContact[] };
};

/** The answer contracts of the analytics account and content calls, by call name (ServiceAnswer). */
export type AnalyticsAccountAnswers = {
  accounts_listing: { total_records: number; result: AccountAnalyticsRow[]; period: AnalyticsPeriod };
  account_details: { data: AccountDetails };
  account_email_engagement: { total_count: number; data: EmailEngagementRow[]; period: AnalyticsPeriod };
  account_content_engagement: { total_count: number; data: ContentEngagementRow[] };
  content_listing: {
    total_count: number;
    total_articles_count: number;
    /** The clicks of every article listed (not only this page's). */
    total_article_score: number;
    data: ContentListingRow[];
    period: AnalyticsPeriod;
  };
};
